// Extended attributes (and with them POSIX ACLs, which Linux keeps as the attributes
// system.posix_acl_access and system.posix_acl_default): Swift's Glibc module does not bring
// in <sys/xattr.h>. Darwin's module has it already, with other signatures, so the header is
// Linux's alone.
#ifdef __linux__
#include <sys/xattr.h>
#endif
