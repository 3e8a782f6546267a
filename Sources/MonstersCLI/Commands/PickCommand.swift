import MonsterKit
import MonstersSystem

/// `monsters pick`: the interactive weapon picker.
///
/// With a monster, the tutorial's custom input view: five weapon buttons and Close; a pick
/// saves and closes. Without one, a picker view of two components, monsters and weapons,
/// that saves each assignment and stays open. Both save through ``CommandContext/perform(_:)``,
/// like `set`, and say what changed on standard output once the terminal is restored.
enum PickCommand {
  static let subcommand = Subcommand(name: "pick", run: run) {
    CommandSpec(
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
      details: """
        The weapon bar shows the weapons in rows of five, and a line says which show where not all \
        fit: up and down (k, j, Page Up, Page Down) move to the row above or below, Home and End \
        (g, G) to the first weapon and to Close, and / finds a weapon by name (Tab: the next \
        match; Enter picks it). In the two columns, Page Up and Page Down move a page, a digit \
        selects that weapon, Esc first clears a search, and closing with Esc or q exits 0, each \
        assignment saved as it was made. Space is Enter in both.

        Pasted text goes into a search (without its line breaks) and presses no key anywhere else; \
        keys the picker does not use (Alt with a key, F1 to F12) do nothing, and only Esc on its \
        own closes.

        Both need a terminal (else 64) of at least 78x13 (the weapon bar) or 60x12 (the two \
        columns), and put it back as they found it on every way out, a signal that ends them \
        included (SIGTERM, SIGHUP, SIGUSR1: see EXIT STATUS). Each pick is made to the file as it \
        is then, so an edit another command made meanwhile is kept; a pick the file no longer \
        takes (the monster renamed or removed, the weapon no longer declared) saves nothing, \
        closes the picker and exits 1 with 'Error: monsters.json changed while the picker was \
        open: ...'.
        """,
      arguments: [
        ArgumentSpec(
          name: "monster", kind: .monster, isOptional: true,
          help: "The monster whose weapon to pick; leave it out to pick for any.")
      ])
  }.examples {
    [
      CommandExample("Pick Cat-Bot's weapon with the arrow keys.", "pick cat-bot"),
      CommandExample("Pick any monster's weapon, in two columns.", "pick"),
    ]
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
