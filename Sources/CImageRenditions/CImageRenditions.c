#include "CImageRenditions.h"

#include <pthread.h>
#include <string.h>
#include <vips/vips.h>

static pthread_once_t start_once = PTHREAD_ONCE_INIT;
static int start_result = -1;

static void start(void) {
    start_result = vips_init("reality") == 0 ? 0 : -1;
    if (start_result == 0) vips_cache_set_max(0);
}

int reality_renditions_start(void) {
    pthread_once(&start_once, start);
    return start_result;
}

static void take_error(char *error, size_t error_length) {
    if (error_length == 0) return;
    const char *message = vips_error_buffer();
    strncpy(error, message && *message ? message : "libvips failed", error_length - 1);
    error[error_length - 1] = 0;
    vips_error_clear();
}

/// Whether a metadata field may say something about the person or the place (EXIF, with its GPS
/// block, XMP, IPTC), or is spent once the pixels are upright (the orientation).
static int is_private_field(const char *name) {
    return vips_isprefix("exif-", name) || vips_isprefix("xmp-", name) || vips_isprefix("iptc-", name) ||
           strcmp(name, VIPS_META_ORIENTATION) == 0;
}

static int encode(VipsImage *image, reality_render_request request, reality_encoded_image *out) {
    out->width = vips_image_get_width(image);
    out->height = vips_image_get_height(image);
    // `strip` alone is not enough for WebP in libvips 8.14, which writes a fresh EXIF block from
    // whatever fields the image still has: the fields go first, on a copy sharing the pixels.
    VipsImage *bare = NULL;
    if (vips_copy(image, &bare, NULL)) return -1;
    gchar **fields = vips_image_get_fields(bare);
    for (int i = 0; fields[i]; i++) {
        if (is_private_field(fields[i])) vips_image_remove(bare, fields[i]);
    }
    g_strfreev(fields);
    int result = request.webp
        ? vips_webpsave_buffer(bare, &out->data, &out->length, "Q", request.quality, "strip", TRUE, NULL)
        : vips_jpegsave_buffer(
              bare, &out->data, &out->length, "Q", request.quality, "strip", TRUE, "optimize_coding", TRUE, NULL);
    g_object_unref(bare);
    return result;
}

int reality_render_image(
    const char *path, reality_render_request request, reality_encoded_image *preview,
    reality_encoded_image *thumbnail, int *source_width, int *source_height, char *error, size_t error_length) {
    memset(preview, 0, sizeof *preview);
    memset(thumbnail, 0, sizeof *thumbnail);
    if (reality_renditions_start() != 0) {
        take_error(error, error_length);
        return -1;
    }
    // The header alone: the size and orientation, and the refusal of a decompression bomb before
    // any pixel is decoded.
    VipsImage *header = vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (!header) {
        take_error(error, error_length);
        return -1;
    }
    long long pixels = (long long)vips_image_get_width(header) * vips_image_get_height(header);
    int swap = vips_image_get_orientation_swap(header);
    *source_width = swap ? vips_image_get_height(header) : vips_image_get_width(header);
    *source_height = swap ? vips_image_get_width(header) : vips_image_get_height(header);
    g_object_unref(header);
    if (pixels > request.max_pixels) {
        snprintf(error, error_length, "%lld pixels is more than %lld", pixels, request.max_pixels);
        return 1;
    }
    VipsImage *lazy = NULL, *screen = NULL, *square = NULL;
    int result = -1;
    // One decode: the preview is made from the file (shrink-on-load, upright, sRGB) into memory,
    // and the thumbnail from the preview.
    if (vips_thumbnail(
            path, &lazy, request.preview_size, "height", request.preview_size, "size", VIPS_SIZE_DOWN, NULL))
        goto done;
    if (!(screen = vips_image_copy_memory(lazy))) goto done;
    if (vips_thumbnail_image(
            screen, &square, request.thumbnail_size, "height", request.thumbnail_size, "crop",
            VIPS_INTERESTING_CENTRE, NULL))
        goto done;
    if (encode(screen, request, preview)) goto done;
    if (encode(square, request, thumbnail)) goto done;
    result = 0;
done:
    if (result != 0) {
        take_error(error, error_length);
        g_free(preview->data);
        g_free(thumbnail->data);
        memset(preview, 0, sizeof *preview);
        memset(thumbnail, 0, sizeof *thumbnail);
    }
    if (square) g_object_unref(square);
    if (screen) g_object_unref(screen);
    if (lazy) g_object_unref(lazy);
    return result;
}

void reality_renditions_free(void *data) { g_free(data); }
