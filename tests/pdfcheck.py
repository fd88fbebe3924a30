"""Reading generated PDFs back in tests."""

from __future__ import annotations

from pypdf import PdfReader


def unembedded_fonts(reader: PdfReader) -> set[str]:
    """Names of fonts used in the document that are not embedded in it."""
    missing = set()
    for page in reader.pages:
        fonts = page.get("/Resources", {}).get("/Font", {})
        for font in fonts.values():
            font = font.get_object()
            if "/DescendantFonts" in font:
                font = font["/DescendantFonts"][0].get_object()
            descriptor = font.get("/FontDescriptor")
            files = ("/FontFile", "/FontFile2", "/FontFile3")
            if descriptor is None or not any(f in descriptor.get_object() for f in files):
                missing.add(str(font.get("/BaseFont")))
    return missing


def print_scaling(reader: PdfReader) -> str | None:
    preferences = reader.trailer["/Root"].get("/ViewerPreferences")
    return None if preferences is None else str(preferences.get_object().get("/PrintScaling"))
