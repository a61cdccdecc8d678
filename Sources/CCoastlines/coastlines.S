// The bytes of coastlines.bin (scripts/generate-coastlines.py), built in by the assembler as gazetteer.S builds in the
// gazetteer: no compiler parses them. The file is found through the target's directory, a header search path in
// Package.swift. The build does not see what .incbin reads: the header below holds the asset's digest, so that a new
// asset changes a file it does see, and this one is assembled again.
#include "coastlines_version.h"

    .section .rodata.ccoastlines, "a"
    .balign 16
    .globl ccoastlines_bytes
ccoastlines_bytes:
    .incbin "coastlines.bin"
    .globl ccoastlines_bytes_end
ccoastlines_bytes_end:

    .section .note.GNU-stack, "", @progbits
