import FuzzSupport

runLibFuzzer { data, size in fuzzDatePicker(data, size) }
