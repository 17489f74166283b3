import FuzzSupport

runLibFuzzer { data, size in fuzzLocale(data, size) }
