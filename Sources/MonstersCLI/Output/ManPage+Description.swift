// MARK: - DESCRIPTION

extension ManPage {
  /// What DESCRIPTION says after the paragraph on which file is the roster: the rules that
  /// hold for every command, one topic a paragraph.
  static let description = [
    """
    Looking for monsters.json runs no git: monsters looks at the folders itself, and the top of a \
    work tree is the folder that holds .git, a folder or a file. Messages name the roster by the \
    path found (../../monsters.json). While there is none, reading commands say on standard error, \
    inside a work tree, that they show the seeded roster, with the hint monsters init, and the \
    first edit says where it created the file. A file that --file or MONSTERS_FILE names must \
    exist: a missing one is 66, with the hint monsters init --file PATH (after mkdir -p where its \
    folder is missing too), so that a mistyped path never answers with the seeded roster nor \
    creates a stray file. A monsters.json that is a symbolic link is the roster found, wherever it \
    leads: a link to nowhere is 66 too, naming the link and its missing target, with the hint \
    monsters init --file TARGET, never the seeded roster or a roster further up.
    """,
    """
    Commands that only read (list, show, check, weapons, fields, schema, diff, fmt --check) also \
    read a roster from standard input (-f -), a pipe, a FIFO or a process substitution (-f <(git \
    show HEAD:monsters.json)); editing one is a usage error (64), and a dry run works. A FIFO is \
    waited for, as cat waits, until a program opens it to write, but no longer than \
    --lock-timeout: a FIFO no one writes reads as empty then (65).
    """,
    """
    A monster is named in any case and in any Unicode normal form: cat-bot is Cat-Bot, STRASSE is \
    Straße, and two names that match are one name. Everything else in the file (keys, values, \
    weapons) is compared code point by code point, as JSON Schema and git compare it: é written as \
    one code point and as e with a combining accent are two keys, and an edit from one to the \
    other is a change. A field's name and one of its values that you type match in any case and \
    normal form, and are stored as the roster spells them; so a declaration may not list two \
    fields, or two values, that differ only in case or normal form (--values red,Red is refused, \
    and the message shows two values in two normal forms by code point). A key of a monster's own \
    that you type exactly as the monster spells it is that key in --where, --fields and show \
    --field, even beside a field of that name in another case (Team beside a declared team).
    """,
    """
    A weapon is read forgivingly: ninja-star, NinjaStar, ninja_star and ninjastar all mean \
    ninjaStar, and LASER is a roster's laser. A colour is black, red, green, yellow, blue, \
    magenta, cyan, white or #RRGGBB, in any case. --field NAME=VALUE takes each field once, in any \
    case; NAME= takes an optional field away, and NAME="" gives it the empty text. An integer \
    field's value is read exactly, in any spelling, never through a double, and stored in \
    canonical form: 5.0, 1E1 and 007 are 5, 10 and 7; 5.5 and 1e400 are refused.
    """,
    """
    An option's value may follow it as the next word or after an equals sign (--weapon fire, \
    --weapon=fire). An option given twice is a usage error. -- ends the options: what follows it \
    is an argument even when it starts with a dash (monsters show -- -Odd-Bot). A command that \
    takes a fixed number of arguments reads options again once it has them all, so monsters add -- \
    -Odd-Bot --weapon fire works; set and remove, which take any number of names, take every word \
    after -- as a name, so put their options first. A word that would be an option but for a dash \
    that only looks like - (an em dash, as autocorrect writes --dry-run; an en dash; a minus sign) \
    is a usage error that names the dash and the option meant, never a monster's name; after -- it \
    is a name.
    """,
    """
    Every edit locks the file's folder, reads the file, makes the change, checks the result, \
    writes a new file beside it and renames it over the old one, so a reader sees the old roster \
    or the new one, never half of one, and edits made at the same time are never lost. Each edit \
    says what it did on standard output; one that changes nothing says so on standard error, \
    naming the command and the file (monsters set: Nothing to change in monsters.json: ...), exits \
    0 and does not rewrite the file. A mistyped command, option, monster or weapon gets a "Did you \
    mean ...?". With --dry-run an edit writes nothing and prints, as a unified diff, what the file \
    would become; patch -p0 applies it, but on a terminal its control characters are shown \
    escaped, so send it to a file or a pipe to apply it.
    """,
    """
    An edit replaces the file: the new one keeps the old one's permissions (set-ID bits too), \
    extended attributes and ACL, and its owner and group where you may set them (else it is \
    yours); a symbolic link stays a link, and the file it leads to is edited. Another hard link to \
    the file keeps the old roster, so link rosters symbolically. A roster you may not write (mode \
    444, or another user's) is not replaced, even where you may write its folder (74), as an \
    editor refuses to save it; root may. In a folder with the sticky bit (as /tmp has) only a \
    file's owner may replace it, so another user's edit is refused (74), saying so, even where the \
    file's mode lets them write it.
    """,
    """
    Ctrl-C, Ctrl-\\, kill with any signal but -9 (SIGUSR1 and a timer's SIGALRM too) or a hang-up \
    while an edit writes takes effect once the new roster is in place: the edit is saved, and the \
    command ends by the signal (130 for Ctrl-C, 131 for Ctrl-\\), with no crash report. Only an \
    edit killed as it writes (kill -9, a crash) leaves its temporary file; see FILES.
    """,
    """
    Output meant for scripts goes to standard output; errors (Error: ...) and notes go to standard \
    error. Text from the roster file is shown escaped in tables, cards and messages, so it cannot \
    move the cursor, and a message shows invisible characters escaped too ('Ice\\u{200B}-Bot': a \
    zero-width space, a byte order mark, a tag character).
    """,
    """
    Inputs (what import and apply read, a side of diff, a roster on standard input) come from \
    files, pipes and terminals: a device such as /dev/zero is refused (74) before a byte of it is \
    read, a file over 4 GiB by its size, and a pipe once it has given that much. An input or a \
    roster that the process may not have the memory to hold (ulimit -v) is an error of its own, \
    Cannot allocate memory (74; the static build's C library words it Out of memory), not a crash: \
    from 1 MiB up, a roster is read only once the memory for it and for the work on it is there \
    (some 2.2 times the file to read it, 400 bytes more a monster to edit it, 4 times the file for \
    a dry run's diff, 8 times an input's size to import or apply it), asked for before any of it \
    is used; where the memory is limited, the two sides of a diff are read one after the other.
    """,
  ]
}
