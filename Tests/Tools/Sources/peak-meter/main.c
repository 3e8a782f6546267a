// peak-meter PROGRAM [ARGUMENT...]
//
// Runs a program and reports, on descriptor 3, how it ended, the most memory it held, and
// how long it ran, as one line:
//
//   exited 0 peak 2912256 floor 1654784 nanoseconds 812345 started 91234567890
//   signaled 9 peak ... floor ... nanoseconds ... started ...
//   error 2                        (posix_spawn failed with that errno)
//
// Why a program of its own: on Linux a child's `ru_maxrss` starts from the memory its
// parent held. When a process execs, the kernel keeps the high-water mark of the memory
// it had before (after a fork or posix_spawn, the parent's) as the floor of its peak, so a
// benchmark or test process that has grown to hundreds of megabytes sees every program
// it starts report at least that much. Started afresh, this program holds 1.6 MB (its
// release build) to 3.8 MB (debug; see Package.swift); the program it starts then inherits that as its floor, and its peak means what it
// says. `floor` is this program's own high-water mark (`VmHWM` of /proc/self/status, which
// counts only the memory of its own image, unlike its `ru_maxrss`) when it starts the
// program: no peak below it can be seen. The figures are bytes.
//
// On Darwin an exec starts a new task whose peak is counted from nothing, so a child's
// `ru_maxrss` (bytes there) holds no floor of its parent's: `floor` is 0.
//
// The time runs from just before posix_spawn to just after wait4 returns, as a timing of
// the program alone would; `started` is that first moment on the monotonic clock
// (`CLOCK_MONOTONIC`, which every process shares), in nanoseconds. SIGTERM, SIGINT, SIGHUP and SIGQUIT sent here are passed on
// (`SIGKILL` cannot be: it ends this program and leaves the other running).
// Standard input, output and error, the environment and the signal mask are the program's
// as they are this one's; descriptor 3 is closed in it.

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

enum { report = 3 };

static volatile sig_atomic_t child = 0;

static void pass_on(int signal) {
  if (child > 0) kill((pid_t)child, signal);
}

// This process's own peak, in bytes: the floor of the peak of what it starts.
static long long own_peak(void) {
#if defined(__linux__)
  FILE *status = fopen("/proc/self/status", "r");
  if (status == NULL) return -1;
  char line[256];
  long long kibibytes = -1;
  while (fgets(line, sizeof line, status) != NULL) {
    if (sscanf(line, "VmHWM: %lld kB", &kibibytes) == 1) break;
  }
  fclose(status);
  return kibibytes < 0 ? -1 : kibibytes * 1024;
#else
  return 0;
#endif
}

static long long nanoseconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

static void say(const char *line) {
  size_t length = strlen(line);
  while (length > 0) {
    ssize_t written = write(report, line, length);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) return;
    line += written;
    length -= (size_t)written;
  }
}

int main(int argc, char **argv) {
  if (argc < 2 || fcntl(report, F_SETFD, FD_CLOEXEC) != 0) {
    fputs("usage: peak-meter PROGRAM [ARGUMENT...], with descriptor 3 open for the report\n",
          stderr);
    return 64;
  }
  const int passed[] = {SIGTERM, SIGINT, SIGHUP, SIGQUIT};
  for (size_t index = 0; index < sizeof passed / sizeof passed[0]; index++) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = pass_on;
    sigemptyset(&action.sa_mask);
    sigaction(passed[index], &action, NULL);
  }
  // The signals passed on wait, blocked, until the program's id is known; the program
  // starts with the mask this process was given.
  sigset_t passing, given;
  sigemptyset(&passing);
  for (size_t index = 0; index < sizeof passed / sizeof passed[0]; index++) {
    sigaddset(&passing, passed[index]);
  }
  sigprocmask(SIG_BLOCK, &passing, &given);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setsigmask(&attributes, &given);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK);
  long long floor = own_peak();
  char line[200];
  long long start = nanoseconds();
  pid_t pid;
  int failure = posix_spawn(&pid, argv[1], NULL, &attributes, argv + 1, environ);
  if (failure != 0) {
    snprintf(line, sizeof line, "error %d\n", failure);
    say(line);
    return 127;
  }
  child = pid;
  // Passed on whatever the program blocks: it blocks them itself.
  sigprocmask(SIG_UNBLOCK, &passing, NULL);
  int status = 0;
  struct rusage usage;
  pid_t done;
  do {
    done = wait4(pid, &status, 0, &usage);
  } while (done < 0 && errno == EINTR);
  long long elapsed = nanoseconds() - start;
  if (done != pid) {
    snprintf(line, sizeof line, "error %d\n", errno);
    say(line);
    return 127;
  }
#if defined(__APPLE__)
  long long peak = (long long)usage.ru_maxrss;
#else
  long long peak = (long long)usage.ru_maxrss * 1024;
#endif
  int exited = WIFEXITED(status);
  snprintf(line, sizeof line, "%s %d peak %lld floor %lld nanoseconds %lld started %lld\n",
           exited ? "exited" : "signaled", exited ? WEXITSTATUS(status) : WTERMSIG(status),
           peak, floor, elapsed, start);
  say(line);
  return exited ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
