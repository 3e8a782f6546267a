import Foundation
import ProgramRunning
import Testing

/// The C shims as the static Linux build makes them: compiled against musl's headers and
/// linked with musl's C library, which the glibc build of the tests never does. Where
/// `musl-gcc` is installed (Debian's musl-tools), a shim that uses a glibc-only function,
/// constant or header fails here instead of in the static build.
@Suite(.enabled(if: muslCompiler != nil, "musl-gcc is not installed"))
struct CShimsMuslTests {
  /// Compiled with every warning an error, and linked into a static program that runs: a
  /// function musl's C library lacks fails the link. In C's GNU mode, as SwiftPM compiles a
  /// C target and Swift's importer reads its header: there musl defines POSIX's names
  /// (`SIGRTMIN`), which strict ISO C hides.
  @Test func theShimsCompileAndLinkWithMusl() throws {
    let compiler = try #require(muslCompiler)
    let folder = try TemporaryFolder()
    let shims = packageRoot.appendingPathComponent("Sources/CPlatformShims")
    let main = folder.file("main.c")
    try "int main(void) { return 0; }\n".write(toFile: main, atomically: true, encoding: .utf8)
    let program = folder.file("shims")
    let build = try runTool(
      compiler,
      [
        "-std=gnu11", "-Wall", "-Wextra", "-Werror", "-static",
        "-I", shims.appendingPathComponent("include").path,
        shims.appendingPathComponent("CPlatformShims.c").path, main, "-o", program,
      ])
    #expect(build.status == 0, "\(build.output)")
    #expect(try runTool(program, []).status == 0)
  }
}

/// musl's compiler wrapper, where it is installed.
private let muslCompiler = installedProgram("musl-gcc")
