import FuzzSupport

runLibFuzzer { data, size in fuzzKeyTest(data, size) }
