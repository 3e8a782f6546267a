import MonsterKit

/// Runs a picker view on the terminal until it closes: keys in, saves through the edit
/// path, frames out.
enum PickerSession {
  /// What happened while the picker was open, for the command to report once the terminal
  /// is restored.
  struct Outcome {
    /// Each save, in order: the edit and what it did.
    var saves: [EditOutcome] = []
    /// How the picker ended.
    var ending = Ending.closed
  }

  /// How a picker ended.
  enum Ending: Hashable {
    /// A save closed it: the weapon bar's pick.
    case saved
    /// It was closed without a change to make: Esc, `q`, Close, or the end of its input.
    case closed
    /// Ctrl-C closed it.
    case interrupted
    /// A signal ended it: its number.
    case signal(Int32)
  }

  /// Opens the terminal, runs `view` until a key, a signal or the end of input closes it,
  /// and restores the terminal, however it ends.
  ///
  /// - Parameters:
  ///   - view: The view.
  ///   - input: The terminal's descriptor.
  ///   - context: The command's context, whose ``CommandContext/perform(_:)-(RosterEdit)`` saves
  ///     each edit through the edit path.
  ///   - style: Colour and characters.
  ///   - outcome: Takes each save as it is made, so that saves before a failure are known.
  /// - Throws: A failure to save (the terminal is restored first), or to use the terminal.
  static func run<View: PickerView>(
    _ view: View, input: Int32, context: CommandContext, style: PickerStyle,
    outcome: inout Outcome
  ) throws(CommandFailure) {
    let terminal = try Terminal(input: input, output: context.output)
    defer { terminal.close() }
    var view = view
    var size = terminal.size
    let file = context.file.path
    /// Fits the view to the screen, which may have changed size.
    func refit() {
      size = terminal.size
      view.resize(to: size)
    }
    /// Draws a frame, then does what the view may need later while no key waits.
    func draw() throws(CommandFailure) {
      try terminal.draw(view.lines(size: size, file: file, style: style))
      if !terminal.hasInputWaiting && view.prepare() {
        try terminal.draw(view.lines(size: size, file: file, style: style))
      }
    }
    refit()
    try draw()
    while true {
      for event in try terminal.nextEvents() {
        switch event {
        case .resized:
          refit()
        case .continued:
          try terminal.enter()
          refit()
        case .suspendRequested:
          try terminal.suspend(group: false)
          refit()
        case .key(.suspend):
          try terminal.suspend(group: true)
          refit()
        case .terminated(let signal):
          outcome.ending = .signal(signal)
          return
        case .endOfInput:
          outcome.ending = .closed
          return
        case .key(let key):
          let effect = view.handle(key, size: size)
          switch effect {
          case .none:
            break
          case .close:
            outcome.ending = .closed
            return
          case .interrupt:
            outcome.ending = .interrupted
            return
          case .save(let edit), .saveAndClose(let edit):
            view.status = "Saving..."
            try terminal.draw(view.lines(size: size, file: file, style: style))
            let saved = try save(edit, context: context)
            outcome.saves.append(saved)
            view.saved(saved)
            if case .saveAndClose = effect {
              outcome.ending = .saved
              return
            }
          }
        }
      }
      try draw()
    }
  }

  /// Saves a pick through the edit path. The picker offers only what the roster held
  /// when it was read, so a pick the roster refuses is one the file no longer takes: it
  /// changed while the picker was open.
  private static func save(_ edit: RosterEdit, context: CommandContext) throws(CommandFailure)
    -> EditOutcome
  {
    do throws(EditFailure) {
      return try context.perform([edit])
    } catch {
      guard error.edit != nil else {
        throw CommandFailure(refusedEdit: error.error, command: context.invocation.command)
      }
      throw .pickOutdated(path: context.file.path, error.error)
    }
  }
}
