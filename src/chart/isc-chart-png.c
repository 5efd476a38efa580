/* isc-chart-png.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-chart-png"

#include "config.h"

#include <math.h>
#include <string.h>
#include <gio/gio.h>
#include <glib/gi18n.h>

#include "isc-chart-png.h"

/* zlib level: 1 is fastest; charts compress well at it already. */
#define DEFLATE_LEVEL 2

static guint32 crc_table[256];

static void
init_crc_table (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      for (guint32 n = 0; n < 256; n++)
        {
          guint32 c = n;

          for (int k = 0; k < 8; k++)
            c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
          crc_table[n] = c;
        }
      g_once_init_leave (&done, 1);
    }
}

static guint32
crc_update (guint32       crc,
            const guint8 *data,
            gsize         len)
{
  for (gsize i = 0; i < len; i++)
    crc = crc_table[(crc ^ data[i]) & 0xff] ^ (crc >> 8);
  return crc;
}

static void
put_u32 (GByteArray *out,
         guint32     v)
{
  guint8 b[4] = { v >> 24, v >> 16, v >> 8, v };

  g_byte_array_append (out, b, 4);
}

static void
put_chunk (GByteArray   *out,
           const char   *type,
           const guint8 *data,
           gsize         len)
{
  guint32 crc = 0xffffffffu;

  put_u32 (out, (guint32)len);
  g_byte_array_append (out, (const guint8 *)type, 4);
  if (len > 0)
    g_byte_array_append (out, data, len);
  crc = crc_update (crc, (const guint8 *)type, 4);
  crc = crc_update (crc, data, len);
  put_u32 (out, crc ^ 0xffffffffu);
}

GBytes *
isc_chart_png_encode (cairo_surface_t *surface,
                      double           pixels_per_inch,
                      GError         **error)
{
  static const guint8 signature[8] = { 137, 'P', 'N', 'G', '\r', '\n', 26, '\n' };
  g_autoptr(GZlibCompressor) compressor = NULL;
  g_autoptr(GByteArray) out = NULL;
  g_autofree guint8 *raw = NULL;
  g_autofree guint8 *deflated = NULL;
  const guint8 *pixels;
  int width, height, stride;
  gsize raw_len, deflated_size, bytes_read = 0, bytes_written = 0;
  guint8 ihdr[13], phys[9];
  guint32 ppm;
  GConverterResult result;

  g_return_val_if_fail (surface != NULL, NULL);

  if (cairo_surface_get_type (surface) != CAIRO_SURFACE_TYPE_IMAGE ||
      (cairo_image_surface_get_format (surface) != CAIRO_FORMAT_RGB24 &&
       cairo_image_surface_get_format (surface) != CAIRO_FORMAT_ARGB32))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("Not a 32-bit image surface"));
      return NULL;
    }

  init_crc_table ();
  cairo_surface_flush (surface);
  width = cairo_image_surface_get_width (surface);
  height = cairo_image_surface_get_height (surface);
  stride = cairo_image_surface_get_stride (surface);
  pixels = cairo_image_surface_get_data (surface);

  /* Each row: its filter byte (2, Up), then R G B minus the row above. */
  raw_len = (gsize)height * (1 + (gsize)width * 3);
  raw = g_malloc (raw_len);
  for (int y = 0; y < height; y++)
    {
      const guint32 *row = (const guint32 *)(gconstpointer)(pixels + (gsize)y * stride);
      const guint32 *above = y > 0 ? (const guint32 *)(gconstpointer)(pixels + (gsize)(y - 1) * stride) : NULL;
      guint8 *o = raw + (gsize)y * (1 + (gsize)width * 3);

      *o++ = 2;
      for (int x = 0; x < width; x++)
        {
          guint32 p = row[x];
          guint32 q = above != NULL ? above[x] : 0;

          *o++ = (guint8)((p >> 16) - (q >> 16));
          *o++ = (guint8)((p >> 8) - (q >> 8));
          *o++ = (guint8)(p - q);
        }
    }

  compressor = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_ZLIB, DEFLATE_LEVEL);
  deflated_size = raw_len + raw_len / 1000 + 64;
  deflated = g_malloc (deflated_size);
  result = g_converter_convert (G_CONVERTER (compressor), raw, raw_len, deflated, deflated_size,
                                G_CONVERTER_INPUT_AT_END, &bytes_read, &bytes_written, error);
  if (result != G_CONVERTER_FINISHED)
    {
      if (result != G_CONVERTER_ERROR)
        g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("The image did not compress"));
      return NULL;
    }

  out = g_byte_array_sized_new (bytes_written + 128);
  g_byte_array_append (out, signature, sizeof signature);

  ihdr[0] = width >> 24; ihdr[1] = width >> 16; ihdr[2] = width >> 8; ihdr[3] = width;
  ihdr[4] = height >> 24; ihdr[5] = height >> 16; ihdr[6] = height >> 8; ihdr[7] = height;
  ihdr[8] = 8;   /* bits per channel */
  ihdr[9] = 2;   /* RGB */
  ihdr[10] = 0;  /* deflate */
  ihdr[11] = 0;  /* adaptive filtering, one filter byte a row */
  ihdr[12] = 0;  /* not interlaced */
  put_chunk (out, "IHDR", ihdr, sizeof ihdr);

  ppm = (guint32)round (pixels_per_inch / 0.0254);
  phys[0] = ppm >> 24; phys[1] = ppm >> 16; phys[2] = ppm >> 8; phys[3] = ppm;
  memcpy (phys + 4, phys, 4);
  phys[8] = 1;   /* metres */
  put_chunk (out, "pHYs", phys, sizeof phys);

  put_chunk (out, "IDAT", deflated, bytes_written);
  put_chunk (out, "IEND", NULL, 0);

  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}
