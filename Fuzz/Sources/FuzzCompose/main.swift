import FuzzSupport

runLibFuzzer { data, size in fuzzCompose(data, size) }
