import Testing
import XKB

@Suite struct KeysymsTests {
    @Test func noSymbolMakesAnEmptyList() {
        #expect(Keysyms(.noSymbol).isEmpty)
        #expect(Keysyms().isEmpty)
        #expect(Keysyms([]).isEmpty)
        #expect(Keysyms(.noSymbol) == Keysyms())
    }

    @Test func oneKeysymIsTheSameListHoweverItIsMade() {
        #expect(Keysyms(.return) == Keysyms([.return]))
        #expect(Array(Keysyms([.return])) == [.return])
    }

    @Test func severalKeysymsKeepTheirOrder() throws {
        let a = try #require(Keysym(name: "a"))
        let b = try #require(Keysym(name: "b"))
        let list = Keysyms([a, b, .space])
        #expect(list.count == 3)
        #expect(Array(list) == [a, b, .space])
        #expect(list.description == "[a, b, space]")
        #expect(Keysyms([a, b]) != Keysyms([b, a]))
    }
}
