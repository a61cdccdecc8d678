// The bytes of gazetteer.bin (scripts/generate-gazetteer.py), built in by the assembler: no compiler parses them,
// which keeps the build fast (docs/PERFORMANCE.md, "The gazetteer"). The file is found through the target's
// directory, a header search path in Package.swift. The build does not see what .incbin reads: the header below
// holds the asset's digest, so that a new asset changes a file it does see, and this one is assembled again.
#include "gazetteer_version.h"

    .section .rodata.cgazetteer, "a"
    .balign 16
    .globl cgazetteer_bytes
cgazetteer_bytes:
    .incbin "gazetteer.bin"
    .globl cgazetteer_bytes_end
cgazetteer_bytes_end:

    .section .note.GNU-stack, "", @progbits
