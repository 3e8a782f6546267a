// signalfd(2), which Swift's Glibc module does not bring in: the picker reads the signals
// it handles from one, polled alongside the terminal.
#include <sys/signalfd.h>
