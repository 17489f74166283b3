import FuzzSupport

runLibFuzzer { data, size in fuzzDemoScript(data, size) }
