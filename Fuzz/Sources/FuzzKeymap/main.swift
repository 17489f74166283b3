import FuzzSupport

runLibFuzzer { data, size in fuzzKeymap(data, size) }
