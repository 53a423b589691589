// fontconfig is imported directly; this header only gathers what Typesetting uses.
#include <fontconfig/fontconfig.h>
