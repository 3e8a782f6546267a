/// The examples of each subcommand, for the EXAMPLES of its help and of the manual page:
/// lines a user can copy, each one that the subcommand's spec accepts.
enum CommandExamples {
  /// The examples of the subcommand with a name; none for a name without.
  ///
  /// A `switch` rather than a table of every command's examples: a run builds only its own
  /// command's spec, and so only its own examples, which keeps the start fast.
  static func of(_ name: String) -> [CommandExample] {
    switch name {
    case "list":
      return [
        Example(purpose: "The roster as a table.", arguments: ["list"]),
        Example(
          purpose: "The names of the monsters with a ninja star, one a line, for a script.",
          arguments: ["list", "--where", "weapon=ninja-star", "--format", "names"]),
        Example(
          purpose: "Names and weapons as TSV, which 'monsters import' reads back.",
          arguments: ["list", "--fields", "name,weapon", "--format", "tsv"]),
        Example(
          purpose: "CSV for a spreadsheet, which 'monsters import' reads back too.",
          arguments: ["list", "--format", "csv"], shellSuffix: "> roster.csv"),
        Example(
          purpose: "A Markdown table, for a pull request's comment.",
          arguments: ["list", "--format", "markdown"], shellSuffix: "> roster.md"),
      ]
    case "show":
      return [
        Example(purpose: "Cat-Bot's card.", arguments: ["show", "cat-bot"]),
        Example(
          purpose: "Cat-Bot's object, as the file holds it.",
          arguments: ["show", "cat-bot", "--format", "json"]),
        Example(
          purpose: "Only the weapon, bare, for a script.",
          arguments: ["show", "cat-bot", "--field", "weapon"]),
      ]
    case "set":
      return [
        Example(
          purpose: "Give Cat-Bot a ninja star and a red name.",
          arguments: ["set", "cat-bot", "--weapon", "ninja-star", "--name-color", "red"]),
        Example(
          purpose: "Give every monster with a ninja star fire, in one edit.",
          arguments: ["set", "--where", "weapon=ninjaStar", "--weapon", "fire"]),
        Example(
          purpose: "See the diff of a change to two monsters, without writing it.",
          arguments: ["set", "cat-bot", "dog-bot", "--description", "Says hi", "--dry-run"]),
      ]
    case "pick":
      return [
        Example(
          purpose: "Pick Cat-Bot's weapon with the arrow keys.", arguments: ["pick", "cat-bot"]),
        Example(purpose: "Pick any monster's weapon, in two columns.", arguments: ["pick"]),
      ]
    case "add":
      return [
        Example(
          purpose: "Add Robo-Bot; its icon is meetrobobot.png.",
          arguments: ["add", "Robo-Bot", "--weapon", "fire", "--description", "Beep"]),
        Example(
          purpose: "In a script that runs again: add Robo-Bot unless it is there.",
          arguments: ["add", "Robo-Bot", "--weapon", "fire", "--if-missing"]),
        Example(
          purpose: "A name with a space, and a colour (quoted: # starts a shell comment).",
          arguments: ["add", "Space Bot", "--weapon", "smoke", "--name-color", "#FF8800"]),
      ]
    case "remove":
      return [
        Example(purpose: "Remove Dog-Bot.", arguments: ["remove", "dog-bot"]),
        Example(
          purpose: "In a script that runs again: remove them if they are there.",
          arguments: ["remove", "dog-bot", "fire-bot", "--if-exists"]),
        Example(
          purpose: "See which monsters with smoke would go, as a diff.",
          arguments: ["remove", "--where", "weapon=smoke", "--dry-run"]),
      ]
    case "rename":
      return [
        Example(
          purpose: "Rename Dog-Bot; it keeps its place.",
          arguments: ["rename", "dog-bot", "Hound-Bot"]),
        Example(
          purpose: "In a script that runs again: rename it if it is there.",
          arguments: ["rename", "dog-bot", "Hound-Bot", "--if-exists"]),
      ]
    case "import":
      return [
        Example(
          purpose: "Add the monsters of a TSV file (a header line, then one a line).",
          arguments: ["import", "new-monsters.tsv"]),
        Example(
          purpose: "Update the roster from a spreadsheet saved as CSV.",
          arguments: ["import", "--update", "roster.csv"]),
        Example(
          purpose: "Copy another roster's monsters in, replacing those already here.",
          arguments: ["import", "--update", "-"],
          shellPrefix: "monsters -f other.json list --format tsv |"),
        Example(
          purpose: "Say whether an import would change the roster: exit 1 if so.",
          arguments: ["import", "new.ndjson", "--dry-run", "--exit-code"]),
      ]
    case "weapons":
      return [
        Example(purpose: "The roster's weapons and their images.", arguments: ["weapons"]),
        Example(purpose: "As JSON.", arguments: ["weapons", "--format", "json"]),
      ]
    case "weapons add":
      return [
        Example(
          purpose: "A sixth weapon, shown by laser.png.", arguments: ["weapons", "add", "laser"]),
        Example(
          purpose: "With an image of its own.",
          arguments: ["weapons", "add", "bow", "--image", "art/bow.png"]),
      ]
    case "weapons remove":
      return [
        Example(
          purpose: "Take smoke off the roster's weapons, once no monster carries it.",
          arguments: ["weapons", "remove", "smoke"])
      ]
    case "weapons rename":
      return [
        Example(
          purpose: "Call the laser a plasma gun, in every monster that carries it.",
          arguments: ["weapons", "rename", "laser", "plasma"]),
        Example(
          purpose: "Rename a built-in weapon: the roster's own from then on.",
          arguments: ["weapons", "rename", "sword", "katana", "--image", "katana.png"]),
      ]
    case "weapons change":
      return [
        Example(
          purpose: "Show the laser by another image.",
          arguments: ["weapons", "change", "laser", "--image", "art/beam.png"])
      ]
    case "fields":
      return [
        Example(purpose: "Every field and what it takes.", arguments: ["fields"]),
        Example(
          purpose: "Each word a field takes, as FIELD=VALUE.",
          arguments: ["fields", "--format", "values"]),
      ]
    case "fields add":
      return [
        Example(
          purpose: "A team, red or blue, that every monster has: red unless set.",
          arguments: [
            "fields", "add", "team", "--values", "red,blue", "--required", "--default", "red",
          ]),
        Example(
          purpose: "An optional health from 1 to 100.",
          arguments: ["fields", "add", "health", "--integer", "--minimum", "1", "--maximum", "100"]),
        Example(purpose: "Free notes.", arguments: ["fields", "add", "notes"]),
      ]
    case "fields remove":
      return [
        Example(
          purpose: "Take notes away, once no monster has any.",
          arguments: ["fields", "remove", "notes"]),
        Example(
          purpose: "Take health away from the roster and from every monster.",
          arguments: ["fields", "remove", "health", "--force"]),
      ]
    case "fields change":
      return [
        Example(
          purpose: "Widen level to 200.",
          arguments: ["fields", "change", "level", "--maximum", "200"]),
        Example(
          purpose: "Add green to the teams, and take yellow away once no monster is on it.",
          arguments: [
            "fields", "change", "team", "--add-values", "green", "--remove-values", "yellow",
          ]),
        Example(
          purpose: "Make notes required, giving 'none yet' to every monster without any.",
          arguments: ["fields", "change", "notes", "--required", "--default", "none yet"]),
      ]
    case "fields rename":
      return [
        Example(
          purpose: "Call team squad, in every monster that has one.",
          arguments: ["fields", "rename", "team", "squad"])
      ]
    case "fields other-keys":
      return [
        Example(
          purpose: "Keep keys no field declares, as keys of the monsters' own.",
          arguments: ["fields", "other-keys", "keep"]),
        Example(
          purpose: "Refuse them again, once no monster has one.",
          arguments: ["fields", "other-keys", "refuse"]),
      ]
    case "schema":
      return [
        Example(
          purpose: "A schema for an editor, beside the roster.",
          arguments: ["schema"], shellSuffix: "> monsters.schema.json")
      ]
    case "init":
      return [
        Example(purpose: "Write the six seeded monsters to monsters.json.", arguments: ["init"]),
        Example(
          purpose: "Start a named roster over.",
          arguments: ["--file", "team.json", "init", "--force"]),
      ]
    case "check":
      return [
        Example(purpose: "Check the roster file: one line per problem.", arguments: ["check"]),
        Example(
          purpose: "Check two files in GitHub Actions, as annotations on the pull request.",
          arguments: ["check", "monsters.json", "team.json", "--format", "github"]),
        Example(
          purpose: "The problems as JSON, for another program.",
          arguments: ["check", "--format", "json"], shellSuffix: "| jq -r '.[].message'"),
      ]
    case "fmt":
      return [
        Example(purpose: "Write the roster file in canonical form.", arguments: ["fmt"]),
        Example(
          purpose: "In CI: list the files that are not canonical, and fail if any is.",
          arguments: ["fmt", "--check", "monsters.json", "team.json"]),
      ]
    case "apply":
      return [
        Example(
          purpose: "Make the edits in a script, as one change.", arguments: ["apply", "edits.txt"]),
        Example(
          purpose: "Show the diff, and exit 1 when the script would change the file.",
          arguments: ["apply", "edits.txt", "--dry-run", "--exit-code"]),
        Example(
          purpose: "Edits from standard input.", arguments: ["apply"],
          shellPrefix: "printf 'set Cat-Bot --weapon fire\\n' |"),
      ]
    case "completions":
      return [
        Example(
          purpose: "Load bash completion in this shell.", arguments: ["completions", "bash"],
          shellPrefix: "eval \"$(", shellSuffix: ")\""),
        Example(
          purpose: "Install fish completion.", arguments: ["completions", "fish"],
          shellSuffix: "> ~/.config/fish/completions/monsters.fish"),
      ]
    case "help":
      return [
        Example(purpose: "The help of set.", arguments: ["help", "set"]),
        Example(
          purpose: "Install the manual page.", arguments: ["help", "--man"],
          shellSuffix: "> /usr/local/share/man/man1/monsters.1"),
      ]
    case "diff":
      return [
        Example(
          purpose: "What changed since the last commit, monster by monster.",
          arguments: ["diff", "-", "monsters.json"], shellPrefix: "git show HEAD:monsters.json |"),
        Example(
          purpose: "A pull request's changes as a Markdown table, for a comment.",
          arguments: ["diff", "old.json", "monsters.json", "--format", "markdown"],
          shellSuffix: "> changes.md"),
      ]
    case "merge":
      return [
        Example(
          purpose: "Merge into ours.json what changed from base.json to theirs.json.",
          arguments: ["merge", "base.json", "ours.json", "theirs.json"]),
        Example(
          purpose: "As git runs it, with longer markers and the roster's name in them.",
          arguments: ["merge", "--marker-size", "9", "--path", "r.json", "base", "ours", "theirs"]),
        Example(
          purpose: "After a plain git merge stopped on the roster: merge it again, monster "
            + "by monster.",
          arguments: ["merge", "--git"]),
      ]
    case "resolve":
      return [
        Example(
          purpose: "Keep theirs of Cat-Bot's conflict; the others stay marked.",
          arguments: ["resolve", "cat-bot", "--theirs"]),
        Example(purpose: "Keep ours of every conflict left.", arguments: ["resolve", "--ours"]),
      ]
    case "edit":
      return [
        Example(purpose: "The whole roster in your editor.", arguments: ["edit"]),
        Example(
          purpose: "Only Cat-Bot and Dog-Bot; rename, add or remove among them too.",
          arguments: ["edit", "cat-bot", "dog-bot"]),
        Example(
          purpose: "Every monster with a ninja star, in VS Code.",
          arguments: ["edit", "--where", "weapon=ninjaStar"],
          shellPrefix: "EDITOR='code --wait'"),
        Example(
          purpose: "See the diff of your edit, saving nothing.", arguments: ["edit", "--dry-run"]),
      ]
    case "log":
      return [
        Example(purpose: "The roster's history, newest first.", arguments: ["log"]),
        Example(purpose: "Cat-Bot's history, through its renames.", arguments: ["log", "cat-bot"]),
        Example(
          purpose: "What a branch changed since it left main, for a pull request.",
          arguments: ["log", "main..feature"]),
        Example(
          purpose: "The last five commits, one JSON object a change, for a script.",
          arguments: ["log", "-n", "5", "--format", "json"], shellSuffix: "| jq -r .change"),
      ]
    case "setup-git":
      return [
        Example(
          purpose: "Make git merge and diff this repository's roster with monsters.",
          arguments: ["setup-git"]),
        Example(
          purpose: "The same for every repository of yours, in your global git config.",
          arguments: ["setup-git", "--global"]),
      ]
    default:
      return []
    }
  }

  private typealias Example = CommandExample
}
