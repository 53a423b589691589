// HarfBuzz is imported directly (its symbols are not renamed); this header only
// gathers the public headers the Typesetting module uses.
#include <hb.h>
#include <hb-ot.h>
