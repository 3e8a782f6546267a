import MonsterKit

/// `monsters pick`: the interactive weapon picker.
///
/// With a monster, the tutorial's custom input view: five weapon buttons and Close; a pick
/// saves and closes. Without one, a picker view of two components, monsters and weapons,
/// that saves each assignment and stays open. Both save through ``CommandContext/perform(_:)``,
/// like `set`, and say what changed on standard output once the terminal is restored.
enum PickCommand {
  static let subcommand = Subcommand(name: "pick", run: run) { name in
    CommandSpec(
      name: name,
      abstract: "Pick weapons interactively (a terminal is needed).",
      discussion: """
        With a monster: a button for each of the roster's weapons, and Close. Left, \
        right (h, l) and Tab move; Enter, or the weapon's digit (1-9), picks and saves; \
        Esc, q or Close leaves without a pick, and exits 1.

        Without one: monsters on the left, weapons on the right. Up and down (k, j) \
        choose, left, right (h, l) and Tab switch columns, Home and End (g, G) go to \
        the first and last rows, Enter gives the monster the weapon and saves, Esc or \
        q closes. / searches: what is typed filters the monsters by name; Enter keeps \
        the filter, Esc clears it.

        The mouse works as touch does: a click on a button presses it, a click on a \
        row selects it (on the selected weapon, assigns it), the wheel turns the \
        column under the pointer.

        Ctrl-C closes either, and exits 130, as fzf and gum do. In a script, use \
        'monsters set <monster> --weapon <weapon>'.
        """,
      arguments: [
        ArgumentSpec(
          name: "monster", kind: .monster, isOptional: true,
          help: "The monster whose weapon to pick; leave it out to pick for any.")
      ])
  }

  /// Opens the picker the command line asks for, and says what it saved once the terminal
  /// is restored.
  static func run(_ context: CommandContext) throws(CommandFailure) {
    let console = context.console
    guard console.input.isTerminal, console.output.isTerminal,
      let input = console.input.descriptor, context.environment["TERM"] != "dumb"
    else {
      throw context.usageError(.notATerminal)
    }
    let roster = try context.readRoster()
    let style = PickerStyle.forTerminal(
      usesColor: context.style.usesColor, environment: context.environment.variables)
    var outcome = PickerSession.Outcome()
    var failure: CommandFailure?
    do throws(CommandFailure) {
      if let name = context.invocation.argument(0) {
        let monster: Monster
        do throws(RosterError) {
          monster = roster[try roster.existingIndex(named: name)]
        } catch {
          throw .roster(error)
        }
        try PickerSession.run(
          WeaponBarState(monster: monster, weapons: roster.weapons), input: input,
          context: context, style: style,
          outcome: &outcome)
      } else {
        try PickerSession.run(
          PickerWheelState(roster: roster, visibleRows: 1), input: input, context: context,
          style: style, outcome: &outcome)
      }
    } catch {
      failure = error
    }
    // The terminal is restored by now: say what was saved.
    for saved in outcome.saves where saved.update.changed || context.invocation.argument(0) != nil {
      try EditReport.report(saved, context: context)
    }
    if case .signal(let signal) = outcome.ending {
      console.errors.writeLine("Stopped by \(signalName(signal)); the picker is closed.")
    }
    if let failure { throw failure }
    switch outcome.ending {
    case .saved: return
    // Each assignment of the two-column picker was saved as it was made: closing it is
    // the way it ends.
    case .closed: if context.invocation.argument(0) != nil { throw .closedWithoutPick }
    case .interrupted: throw .interrupted(signal: Platform.SignalNumber.interrupt)
    case .signal(let signal): throw .interrupted(signal: signal)
    }
  }

  /// A signal's name, such as `SIGTERM`.
  static func signalName(_ signal: Int32) -> String {
    Platform.SignalNumber.ending.first { $0.number == signal }?.name ?? "signal \(signal)"
  }
}
