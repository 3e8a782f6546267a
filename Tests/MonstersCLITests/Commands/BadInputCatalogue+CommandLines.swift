import Foundation
import Testing

@testable import MonstersCLI

// The catalogue's bad command lines.
extension BadInputCatalogueTests {
  static let badCommandLines: [BadInput] = [
    BadInput("no subcommand", .none, [], .usage, "Error: Missing subcommand."),
    BadInput(
      "an unknown subcommand", .none, ["lst"], .usage,
      "Error: Unknown subcommand 'lst'. Did you mean 'list'?"),
    BadInput(
      "a made-up subcommand", .none, ["frobnicate"], .usage,
      "Error: Unknown subcommand 'frobnicate'."),
    BadInput(
      "an unknown option", .none, ["list", "--sort", "name"], .usage,
      "Error: Unknown option '--sort'."),
    BadInput(
      "an unknown short option", .none, ["show", "-x", "cat-bot"], .usage,
      "Error: Unknown option '-x'."),
    BadInput(
      "--file without its value", .none, ["list", "--file"], .usage,
      "Error: Missing value for '--file <path>'."),
    BadInput(
      "-f without its value", .none, ["-f"], .usage, "Error: Missing value for '--file <path>'."),
    BadInput(
      "--lock-timeout without its value", .none, edit + ["--lock-timeout"], .usage,
      "Error: Missing value for '--lock-timeout <seconds>'."),
    BadInput(
      "list --weapon without its value", .none, ["list", "--weapon"], .usage,
      "Error: Missing value for '--weapon <weapon>'."),
    BadInput(
      "list --format without its value", .none, ["list", "--format"], .usage,
      "Error: Missing value for '--format <format>'."),
    BadInput(
      "show --format without its value", .none, ["show", "cat-bot", "--format"], .usage,
      "Error: Missing value for '--format <format>'."),
    BadInput(
      "weapons --format without its value", .none, ["weapons", "--format"], .usage,
      "Error: Missing value for '--format <format>'."),
    BadInput(
      "set --weapon without its value", .none, ["set", "cat-bot", "--weapon"], .usage,
      "Error: Missing value for '--weapon <weapon>'."),
    BadInput(
      "set --description without its value", .none, ["set", "cat-bot", "--description"], .usage,
      "Error: Missing value for '--description <text>'."),
    BadInput(
      "set --icon without its value", .none, ["set", "cat-bot", "--icon"], .usage,
      "Error: Missing value for '--icon <file>'."),
    BadInput(
      "set --name-color without its value", .none, ["set", "cat-bot", "--name-color"], .usage,
      "Error: Missing value for '--name-color <color>'."),
    BadInput(
      "add --weapon without its value", .none, ["add", "Robo-Bot", "--weapon"], .usage,
      "Error: Missing value for '--weapon <weapon>'."),
    BadInput(
      "add --description without its value", .none,
      ["add", "Robo-Bot", "--weapon", "fire", "--description"], .usage,
      "Error: Missing value for '--description <text>'."),
    BadInput(
      "add --icon without its value", .none, ["add", "Robo-Bot", "--weapon", "fire", "--icon"],
      .usage, "Error: Missing value for '--icon <file>'."),
    BadInput(
      "add --name-color without its value", .none,
      ["add", "Robo-Bot", "--weapon", "fire", "--name-color"], .usage,
      "Error: Missing value for '--name-color <color>'."),
    BadInput(
      "add without a weapon", .none, ["add", "Robo-Bot"], .usage,
      "Error: Missing expected option '--weapon <weapon>'."),
    BadInput(
      "a negative lock wait", .none, ["--lock-timeout", "-1"] + edit, .usage,
      "Error: Invalid value for '--lock-timeout <seconds>': '-1'; \(lockTimeout)"),
    BadInput(
      "a lock wait too long", .none, edit + ["--lock-timeout=1000001"], .usage,
      "Error: Invalid value for '--lock-timeout <seconds>': '1000001'; \(lockTimeout)"),
    BadInput(
      "an infinite lock wait", .none, edit + ["--lock-timeout", "inf"], .usage,
      "Error: Invalid value for '--lock-timeout <seconds>': 'inf'; \(lockTimeout)"),
    BadInput(
      "an empty lock wait", .none, edit + ["--lock-timeout="], .usage,
      "Error: Invalid value for '--lock-timeout <seconds>': ''; \(lockTimeout)"),
    BadInput(
      "an unknown weapon", .none, ["set", "cat-bot", "--weapon", "axe"], .usage,
      "Error: Unknown weapon 'axe'. \(weapons)"),
    BadInput(
      "an unknown colour to set", .none, ["set", "cat-bot", "--name-color", "#12345"], .usage,
      "Error: Invalid value '#12345' for 'nameColor': \(colours)"),
    BadInput(
      "an unknown format", .none, ["weapons", "--format", "yaml"], .usage,
      "Error: Unknown format 'yaml'. Choose one of: table, names, json."),
    BadInput(
      "an unknown shell", .none, ["completions", "powershell"], .usage,
      "Error: Unknown shell 'powershell'. Choose one of: bash, zsh, fish."),
    BadInput(
      "help on an unknown subcommand", .none, ["help", "fly"], .usage,
      "Error: Unknown subcommand 'fly'."),
    BadInput(
      "a flag given a value", .none, ["remove", "dog-bot", "--dry-run=yes"], .usage,
      "Error: The flag '--dry-run' takes no value."),
    BadInput(
      "an option given twice", .none, ["list", "--weapon", "fire", "--weapon=smoke"], .usage,
      "Error: The option '--weapon' was given more than once."),
    BadInput(
      "an argument too many", .none, ["rename", "cat-bot", "Kit-Bot", "Kat-Bot"], .usage,
      "Error: Unexpected argument 'Kat-Bot'; quote a name with spaces: monsters rename cat-bot "
        + "'Kit-Bot Kat-Bot'"),
    BadInput(
      "an empty name to add", .none, ["add", "", "--weapon", "fire"], .usage,
      "Error: '' cannot be a monster's name: it is empty."),
    BadInput(
      "a name with a control character", .none, ["rename", "cat-bot", "Cat\u{1B}Bot"], .usage,
      "Error: 'Cat\\u{1B}Bot' cannot be a monster's name: it holds a control character, U+001B."),
    BadInput(
      "no such monster", .text(seededRosterText), ["remove", "cat-bott"], .failure,
      "Error: No monster named 'cat-bott'. Did you mean 'Cat-Bot'?"),
    BadInput(
      "a name that is taken", .text(seededRosterText), ["rename", "cat-bot", "DOG-BOT"], .failure,
      "Error: The name 'DOG-BOT' is taken: there is a monster named 'Dog-Bot' (names are compared ignoring case)."
    ),
    BadInput(
      "init over a file", .text(seededRosterText), ["init"], .failure,
      "Error: {path} exists already; use --force to replace it with the seeded roster."),
    BadInput("check of a missing file", .none, ["check"], .noInput, "Error: {path}: no such file."),
    BadInput(
      "apply of a missing script", .none, ["apply", "/nonexistent/edits.txt"], .noInput,
      "Error: /nonexistent/edits.txt: no such file."),
    BadInput(
      "a path that is too long", .none,
      ["--file", "{folder}/" + String(repeating: "x", count: 5000)] + edit, .ioError,
      "Error: Cannot read {folder}/xxxxxxxxxx"
    ).prefix(),
    BadInput(
      "a 1 MB subcommand", .none, [String(repeating: "x", count: 1 << 20)], .usage,
      "Error: Unknown subcommand 'xxxxxxxx"
    ).prefix(),
    BadInput(
      "a 1 MB monster name", .text(seededRosterText),
      ["show", String(repeating: "x", count: 1 << 20)], .failure,
      "Error: No monster named 'xxxxxxxx"
    ).prefix(),
    BadInput(
      "a 1 MB weapon", .none,
      ["set", "cat-bot", "--weapon", String(repeating: "x", count: 1 << 20)], .usage,
      "Error: Unknown weapon 'xxxxxxxx"
    ).prefix(),
    // The largest argument Linux passes to a program is 128 KiB.
    BadInput(
      "a 128 KiB monster name", .text(seededRosterText),
      ["remove", String(repeating: "x", count: 131_000)], .failure,
      "Error: No monster named 'xxxxxxxx"
    ).prefix().binary(),
    BadInput(
      "invalid UTF-8 in a name", .text(seededRosterText), [], .usage,
      "Error: The argument 'Cat-Bot\u{FFFD}' is not valid UTF-8."
    ).withArguments([Array("show".utf8), Array("Cat-Bot".utf8) + [0xFF]]),
    BadInput(
      "invalid UTF-8 in a path", .none, [], .usage,
      "Error: The argument '{folder}/caf\u{FFFD}.json' is not valid UTF-8."
    ).withArguments(
      [Array("--file".utf8), Array("{folder}/caf".utf8) + [0xE9] + Array(".json".utf8)]
        + edit.map { Array($0.utf8) }),
    BadInput(
      "invalid UTF-8 in a description", .text(seededRosterText), [], .usage,
      "Error: The argument '\u{FFFD}\u{FFFD}' is not valid UTF-8."
    ).withArguments([
      Array("set".utf8), Array("cat-bot".utf8), Array("--description".utf8), [0xC0, 0xAF],
    ]),
  ]
}
