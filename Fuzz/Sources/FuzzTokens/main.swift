import FuzzSupport

runLibFuzzer { data, size in fuzzTokens(data, size) }
