// libFuzzer's driver, for executables that have a main of their own (SwiftPM
// gives every executable one). Linked in by `swiftc -sanitize=fuzzer`.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));
