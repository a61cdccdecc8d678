// The bytes of emma_areas.bin (scripts/generate-emma-areas.py), built in by the assembler as gazetteer.S builds in the
// gazetteer: no compiler parses them. The file is found through the target's directory, a header search path in
// Package.swift. The build does not see what .incbin reads: the header below holds the asset's digest, so that a new
// asset changes a file it does see, and this one is assembled again.
#include "emma_areas_version.h"

    .section .rodata.cemmaareas, "a"
    .balign 16
    .globl cemmaareas_bytes
cemmaareas_bytes:
    .incbin "emma_areas.bin"
    .globl cemmaareas_bytes_end
cemmaareas_bytes_end:

    .section .note.GNU-stack, "", @progbits
