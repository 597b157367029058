import Testing

@testable import CommandLineKit

@Suite("ExitStatus")
struct ExitStatusTests {
    @Test("the table is sysexits.h")
    func values() {
        #expect(ExitStatus.allCases.map(\.rawValue) == [0, 1, 64, 65, 66, 69, 74, 77])
    }
}
