// CPango — Pango (through PangoCairo) and fontconfig, for the benchmark's Pango peer.
//
// Why this exists: only the benchmark links Pango, never the library products, so
// the system library lives in the Benchmarks package. Its pkg-config flags
// (pangocairo, which brings pango, cairo, harfbuzz and glib) reach the C peers in
// BenchmarkPeers, which are the only code that includes these headers.
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
