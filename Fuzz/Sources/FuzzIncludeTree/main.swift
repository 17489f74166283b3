import FuzzSupport

runLibFuzzer { data, size in fuzzIncludeTree(data, size) }
