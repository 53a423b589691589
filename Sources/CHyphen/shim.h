// libhyphen (Debian libhyphen-dev) is imported directly (its symbols are not
// renamed); this header only gathers the one public header Typesetting uses.
#include <hyphen.h>
