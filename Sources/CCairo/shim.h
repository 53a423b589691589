// cairo is imported directly; this header only gathers what TextRendering uses.
#include <cairo.h>
