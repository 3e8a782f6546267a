// lock-holder PATH [COMMAND [ARGUMENT...]]
//
// Holds the lock a roster's edits take, `flock(2)` on the roster's folder opened for
// reading, as README's `flock(1)` recipe does, on every system the tests run on (macOS has
// no flock(1)). It waits for the lock; then, without a command, it prints `locked` and
// holds the lock until its standard input ends; with one, it runs the command (found on
// `PATH`, as flock(1) finds it) while it holds the lock, and exits with the command's
// status (128 plus the signal that ended it). Errors go to standard error, with status 69.
//
// In C, and apart from MonsterKit: the lock is README's recipe, not the library's code
// under test, and the tests build this program in a moment.

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

enum { unavailable = 69 };

int main(int argc, char **argv) {
  if (argc < 2) {
    fputs("lock-holder: usage: lock-holder PATH [COMMAND [ARGUMENT...]]\n", stderr);
    return unavailable;
  }
  int lock = open(argv[1], O_RDONLY | O_CLOEXEC);
  int locked = -1;
  if (lock >= 0) {
    do {
      locked = flock(lock, LOCK_EX);
    } while (locked != 0 && errno == EINTR);
  }
  if (locked != 0) {
    fprintf(stderr, "lock-holder: cannot lock %s: %s\n", argv[1], strerror(errno));
    return unavailable;
  }
  if (argc == 2) {
    fputs("locked\n", stdout);
    fflush(stdout);
    // Until the end of standard input, or its failure.
    char buffer[4096];
    ssize_t count;
    do {
      count = read(STDIN_FILENO, buffer, sizeof buffer);
    } while (count > 0 || (count < 0 && errno == EINTR));
    return 0;
  }
  pid_t pid;
  int failure = posix_spawnp(&pid, argv[2], NULL, NULL, argv + 2, environ);
  if (failure != 0) {
    fprintf(stderr, "lock-holder: cannot run %s: %s\n", argv[2], strerror(failure));
    return unavailable;
  }
  int status;
  pid_t done;
  do {
    done = waitpid(pid, &status, 0);
  } while (done < 0 && errno == EINTR);
  if (done != pid) return unavailable;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
