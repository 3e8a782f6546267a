/// The process's arguments, read as the bytes `argv` holds.
public enum ProcessArguments {
  /// The arguments of this process after the program's name, each as its bytes.
  ///
  /// `CommandLine.arguments` replaces bytes that are not UTF-8; these are as given, so
  /// that ``MonstersCommandLine/run(bytes:environment:console:)`` can refuse them.
  public static func current() -> [[UInt8]] {
    (1..<Int(CommandLine.argc)).map { index in
      guard let argument = CommandLine.unsafeArgv[index] else { return [] }
      var length = 0
      while argument[length] != 0 { length += 1 }
      return Array(UnsafeRawBufferPointer(start: argument, count: length))
    }
  }
}
