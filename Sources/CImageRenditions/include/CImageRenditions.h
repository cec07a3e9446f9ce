#ifndef CIMAGERENDITIONS_H
#define CIMAGERENDITIONS_H

#include <stddef.h>

/// Bytes libvips encoded; free them with `reality_renditions_free`.
typedef struct {
    void *data;
    size_t length;
    int width;
    int height;
} reality_encoded_image;

/// What `reality_render_image` is asked to make.
typedef struct {
    /// The longest side of the preview, in pixels (it is never enlarged).
    int preview_size;
    /// The side of the square thumbnail, in pixels (cropped to the centre).
    int thumbnail_size;
    /// Encoder quality, 1–100.
    int quality;
    /// 1 for WebP, 0 for JPEG.
    int webp;
    /// Images with more pixels than this are refused before decoding.
    long long max_pixels;
} reality_render_request;

/// Starts libvips once for the process (later calls do nothing); answers 0, or -1 when it cannot
/// start. Turns libvips' operation cache off: a server renders each file once.
int reality_renditions_start(void);

/// Decodes the image in `path` once, shrinking on load (JPEG, WebP and HEIC decode at a fraction of
/// their size), with its EXIF orientation applied, and encodes a preview and a square thumbnail
/// with no metadata (no EXIF, and so no location). `source_width` and `source_height` receive the
/// image's upright size. Answers 0, or -1 with a message in `error` (at most `error_length` bytes,
/// NUL-terminated) and nothing to free; 1 when the image has more than `max_pixels` pixels.
int reality_render_image(
    const char *path, reality_render_request request, reality_encoded_image *preview,
    reality_encoded_image *thumbnail, int *source_width, int *source_height, char *error, size_t error_length);

/// Frees what `reality_render_image` encoded.
void reality_renditions_free(void *data);

#endif
