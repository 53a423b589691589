// cairo is imported directly; this header only gathers what TextRendering uses:
// image and PDF surfaces, and cairo-ft, which makes cairo font faces from FreeType
// faces so the PDF surface can subset and embed a font file as real text.
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H
// FT_Set_Var_Design_Coordinates: a variable font's axis values for PDF text.
#include FT_MULTIPLE_MASTERS_H
