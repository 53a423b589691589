/* pango-markup-dump: what real Pango makes of each line of markup, printed in the
 * form Tests/TypesettingTests/MarkupPangoAgreementTests prints TextLayout's own
 * reading, so the two can be compared line by line.
 *
 * Each input line is one markup string (`\n` in it stands for a line feed; a
 * leading `!` marks a case where TextLayout deliberately differs). For
 * each, it prints the case, then either `error` or the text and one line per range
 * of equal attributes, resolved as Pango resolves them over a base font of 12
 * points (pango_attr_iterator_get_font), in UTF-16 offsets, and with Pango's
 * values mapped onto TextLayout's model where the model is coarser (underline low
 * and error are single lines; a variant is its OpenType features).
 *
 * Build and run: Benchmarks/Scripts/pango-markup-dump.sh (needs libpango1.0-dev).
 */
#include <pango/pango.h>
#include <hb.h>
#include <stdio.h>
#include <string.h>

static const char *underline_names[] = {
  "none", "single", "double", "single", "single", "single", "double", "single"
};
static const char *variant_features[] = {
  "", "smcp=1", "smcp=1,c2sc=1", "pcap=1", "pcap=1,c2pc=1", "unic=1", "titl=1"
};

static long utf16_offset (const char *text, long byte_index)
{
  long units = 0;
  const char *p = text;
  while (p < text + byte_index)
    {
      gunichar c = g_utf8_get_char (p);
      units += c > 0xFFFF ? 2 : 1;
      p = g_utf8_next_char (p);
    }
  return units;
}

static void append_color (GString *out, const char *key, PangoAttribute *color, PangoAttribute *alpha)
{
  if (color == NULL && alpha == NULL)
    {
      g_string_append_printf (out, " %s=-", key);
      return;
    }
  PangoColor c = { 0, 0, 0 };
  if (color)
    c = ((PangoAttrColor *) color)->color;
  guint16 a = alpha ? (guint16) ((PangoAttrInt *) alpha)->value : 0xffff;
  g_string_append_printf (out, " %s=%04x%04x%04x/%04x", key, c.red, c.green, c.blue, a);
}

static void append_features (GString *out, PangoFontDescription *desc, GSList *extra)
{
  g_string_append (out, " features=");
  const char *variant = variant_features[pango_font_description_get_variant (desc)];
  gboolean first = *variant == '\0';
  g_string_append (out, variant);
  /* extra lists the outermost font_features first, as Pango applies them */
  for (GSList *l = extra; l; l = l->next)
    {
      PangoAttribute *attr = l->data;
      if (attr->klass->type != PANGO_ATTR_FONT_FEATURES)
        continue;
      gchar **items = g_strsplit (((PangoAttrFontFeatures *) attr)->features, ",", -1);
      for (int i = 0; items[i]; i++)
        {
          hb_feature_t feature;
          if (!hb_feature_from_string (items[i], -1, &feature))
            continue;
          char tag[5] = { 0 };
          hb_tag_to_string (feature.tag, tag);
          g_string_append_printf (out, "%s%s=%u", first ? "" : ",", tag, feature.value);
          first = FALSE;
        }
      g_strfreev (items);
    }
}

static PangoAttribute *find (GSList *extra, PangoAttrType type)
{
  /* the innermost of a type: Pango keeps one, except for the accumulating kinds */
  PangoAttribute *found = NULL;
  for (GSList *l = extra; l; l = l->next)
    if (((PangoAttribute *) l->data)->klass->type == type)
      found = l->data;
  return found;
}

static void describe_range (GString *out, PangoFontDescription *desc, PangoLanguage *language, GSList *extra)
{
  const char *family = pango_font_description_get_family (desc);
  g_string_append_printf (out, " family=%s size=%d weight=%d style=%d stretch=%d",
                          family ? family : "-", pango_font_description_get_size (desc),
                          pango_font_description_get_weight (desc), pango_font_description_get_style (desc),
                          pango_font_description_get_stretch (desc));
  append_features (out, desc, extra);
  append_color (out, "fg", find (extra, PANGO_ATTR_FOREGROUND), find (extra, PANGO_ATTR_FOREGROUND_ALPHA));
  PangoAttribute *background = find (extra, PANGO_ATTR_BACKGROUND);
  append_color (out, "bg", background, background ? find (extra, PANGO_ATTR_BACKGROUND_ALPHA) : NULL);
  PangoAttribute *underline = find (extra, PANGO_ATTR_UNDERLINE);
  int ul = underline ? ((PangoAttrInt *) underline)->value : 0;
  g_string_append_printf (out, " ul=%s", underline_names[ul]);
  if (ul != 0)
    append_color (out, "ulc", find (extra, PANGO_ATTR_UNDERLINE_COLOR), NULL);
  PangoAttribute *strike = find (extra, PANGO_ATTR_STRIKETHROUGH);
  int st = strike ? ((PangoAttrInt *) strike)->value : 0;
  g_string_append_printf (out, " st=%d", st);
  if (st)
    append_color (out, "stc", find (extra, PANGO_ATTR_STRIKETHROUGH_COLOR), NULL);
  PangoAttribute *rise = find (extra, PANGO_ATTR_RISE);
  PangoAttribute *spacing = find (extra, PANGO_ATTR_LETTER_SPACING);
  PangoAttribute *shift = find (extra, PANGO_ATTR_BASELINE_SHIFT);
  int shift_value = shift ? ((PangoAttrInt *) shift)->value : 0;
  g_string_append_printf (out, " rise=%d ls=%d lang=%s shift=%s",
                          rise ? ((PangoAttrInt *) rise)->value : 0,
                          spacing ? ((PangoAttrInt *) spacing)->value : 0,
                          language ? pango_language_to_string (language) : "-",
                          shift_value == PANGO_BASELINE_SHIFT_SUPERSCRIPT ? "superscript"
                          : shift_value == PANGO_BASELINE_SHIFT_SUBSCRIPT ? "subscript" : "none");
}

static void dump (const char *line, const char *markup)
{
  PangoAttrList *attrs = NULL;
  char *text = NULL;
  GError *error = NULL;
  printf ("case: %s\n", line);
  if (!pango_parse_markup (markup, -1, 0, &attrs, &text, NULL, &error))
    {
      printf ("error\n");
      g_error_free (error);
      return;
    }
  gchar *escaped = g_strescape (text, NULL);
  printf ("text: %s\n", escaped);
  g_free (escaped);

  PangoFontDescription *base = pango_font_description_new ();
  pango_font_description_set_size (base, 12 * PANGO_SCALE);
  PangoAttrIterator *iter = pango_attr_list_get_iterator (attrs);
  GString *previous = NULL;
  long previous_start = 0, previous_end = 0;
  long length = (long) strlen (text);
  do
    {
      int start, end;
      pango_attr_iterator_range (iter, &start, &end);
      if (end > length)
        end = (int) length;
      if (start >= end)
        continue;
      PangoFontDescription *desc = pango_font_description_copy (base);
      PangoLanguage *language = NULL;
      GSList *extra = NULL;
      pango_attr_iterator_get_font (iter, desc, &language, &extra);
      GString *line = g_string_new (NULL);
      describe_range (line, desc, language, extra);
      long from = utf16_offset (text, start), to = utf16_offset (text, end);
      if (previous && strcmp (previous->str, line->str) == 0 && previous_end == from)
        previous_end = to;
      else
        {
          if (previous)
            printf ("%ld-%ld%s\n", previous_start, previous_end, previous->str), g_string_free (previous, TRUE);
          previous = line, line = NULL;
          previous_start = from, previous_end = to;
        }
      if (line)
        g_string_free (line, TRUE);
      g_slist_free_full (extra, (GDestroyNotify) pango_attribute_destroy);
      pango_font_description_free (desc);
    }
  while (pango_attr_iterator_next (iter));
  if (previous)
    printf ("%ld-%ld%s\n", previous_start, previous_end, previous->str), g_string_free (previous, TRUE);
  pango_attr_iterator_destroy (iter);
  pango_font_description_free (base);
  pango_attr_list_unref (attrs);
  g_free (text);
}

int main (int argc, char **argv)
{
  char line[65536];
  FILE *input = argc > 1 ? fopen (argv[1], "r") : stdin;
  if (!input)
    return 66;
  while (fgets (line, sizeof line, input))
    {
      line[strcspn (line, "\n")] = '\0';
      if (line[0] == '\0' || line[0] == '#')
        continue;
      /* a leading ! marks a case where TextLayout deliberately differs */
      gchar *markup = g_strcompress (line[0] == '!' ? line + 1 : line);
      dump (line, markup);
      g_free (markup);
    }
  return 0;
}
