/// The version `keyinput --version` and `date-picker-demo --version` print; CHANGELOG.md's newest release.
public let keyInputKitVersion = "0.2.0"
