// Declarations that Swift's Darwin, Glibc and Musl modules leave out, for MonsterKit's
// platform layer (Sources/MonsterKit/Platform), which is the only code that imports this
// module. Each system's part is guarded by its own macro.
#ifndef C_PLATFORM_SHIMS_H
#define C_PLATFORM_SHIMS_H

#include <sys/resource.h>

// Whether the process's address space is limited (`ulimit -v`): getrlimit(2) of
// RLIMIT_AS, whose resource argument glibc types as an enum and the others as an int, so
// that no one Swift spelling of the call compiles on all three.
static inline int monsters_address_space_is_limited(void) {
  struct rlimit limit;
  return getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY;
}

#if defined(__linux__)

// signalfd(2): the picker reads the signals it handles from one, polled alongside the
// terminal.
#include <sys/signalfd.h>

#include <signal.h>

// The real-time signals, SIGRTMIN to SIGRTMAX: glibc and musl define both as calls, which
// Swift's importer does not take as constants.
static inline int monsters_first_realtime_signal(void) { return SIGRTMIN; }
static inline int monsters_last_realtime_signal(void) { return SIGRTMAX; }

// Extended attributes: fgetxattr(2), fsetxattr(2), flistxattr(2), fremovexattr(2).
#include <sys/xattr.h>

#include <fcntl.h>

// O_PATH: opens a folder this process may search but not read (mode 733), to work in it
// by name. glibc defines it only for _GNU_SOURCE, which Swift's importer does not define,
// and always as __O_PATH; musl always.
static inline int monsters_open_search_only(void) {
#if defined(O_PATH)
  return O_PATH;
#else
  return __O_PATH;
#endif
}

// syncfs(2): makes durable everything written to the file system that holds a descriptor's
// file, for a folder that cannot be opened to be synced itself. glibc (2.14 and later) and
// musl both have it, and declare it only for _GNU_SOURCE.
extern int syncfs(int descriptor);

static inline int monsters_synchronize_file_system(int descriptor) {
  return syncfs(descriptor);
}

// The process's environment. glibc and musl declare `environ` only for _GNU_SOURCE, which
// Swift's importer does not define (glibc also has `__environ`; musl does not).
static inline char **monsters_environment(void) {
  extern char **environ;
  return environ;
}

#elif defined(__APPLE__)

#include <stdint.h>

// Declared here, as Swift's own runtime shims do, rather than through <crt_externs.h> and
// <mach-o/dyld.h>, which not every SDK version offers on every Apple platform.
extern char ***_NSGetEnviron(void);
extern int _NSGetExecutablePath(char *buffer, uint32_t *size);

// The process's environment: a library on Darwin has no `environ` to link against, and
// reads it through _NSGetEnviron(3).
static inline char **monsters_environment(void) {
  return *_NSGetEnviron();
}

// _NSGetExecutablePath(3): the path of the program's executable file.
static inline int monsters_executable_path(char *buffer, uint32_t *size) {
  return _NSGetExecutablePath(buffer, size);
}

#include <fcntl.h>

// O_SEARCH: opens a folder this process may search but not read (mode 733), to work in it
// by name.
static inline int monsters_open_search_only(void) {
  return O_SEARCH;
}

#endif

#endif  // C_PLATFORM_SHIMS_H
