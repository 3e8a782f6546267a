// The header is the module; SwiftPM wants a C target to have a source file as well.
#include "CPlatformShims.h"
