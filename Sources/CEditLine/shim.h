#ifndef CEDITLINE_SHIM_H
#define CEDITLINE_SHIM_H

// Non-variadic wrappers around libedit's variadic el_set() and history(),
// which Swift cannot call directly.

#include <stdio.h>
#include <histedit.h>

typedef char *(*ceditline_prompt_fn)(EditLine *);
typedef unsigned char (*ceditline_command_fn)(EditLine *, int);
typedef int (*ceditline_read_fn)(EditLine *, wchar_t *);

static inline int ceditline_set_prompt(EditLine *e, ceditline_prompt_fn fn) {
    return el_set(e, EL_PROMPT, fn);
}

static inline int ceditline_set_editor(EditLine *e, const char *mode) {
    return el_set(e, EL_EDITOR, mode);
}

static inline int ceditline_set_history(EditLine *e, History *h) {
    return el_set(e, EL_HIST, history, h);
}

// Edit mode only: Ctrl-C reaches the key bindings as a character instead of raising SIGINT.
static inline int ceditline_edit_mode_without_isig(EditLine *e) {
    return el_set(e, EL_SETTY, "-d", "-isig", NULL);
}

static inline int ceditline_add_function(EditLine *e, const char *name, const char *help, ceditline_command_fn fn) {
    return el_set(e, EL_ADDFN, name, help, fn);
}

static inline int ceditline_bind(EditLine *e, const char *key, const char *name) {
    return el_set(e, EL_BIND, key, name, NULL);
}

// The function libedit reads each character with (el_rfunc_t): 1 and the character, 0 at the end of input, -1 on
// an error (errno says which).
static inline int ceditline_set_read_function(EditLine *e, ceditline_read_fn fn) {
    return el_set(e, EL_GETCFN, fn);
}

// Draws the prompt and the line again from the cursor's row, as if nothing of them were on the screen.
static inline int ceditline_redisplay(EditLine *e) {
    return el_set(e, EL_REFRESH);
}

static inline int ceditline_history_set_size(History *h, int size) {
    HistEvent ev;
    return history(h, &ev, H_SETSIZE, size);
}

static inline int ceditline_history_set_unique(History *h, int unique) {
    HistEvent ev;
    return history(h, &ev, H_SETUNIQUE, unique);
}

static inline int ceditline_history_enter(History *h, const char *line) {
    HistEvent ev;
    return history(h, &ev, H_ENTER, line);
}

static inline int ceditline_history_load(History *h, const char *path) {
    HistEvent ev;
    return history(h, &ev, H_LOAD, path);
}

static inline int ceditline_history_save(History *h, const char *path) {
    HistEvent ev;
    return history(h, &ev, H_SAVE, path);
}

// Character-class return codes for bound functions (CC_* in histedit.h are macros
// that Swift imports as Int32; these keep the callback signature exact).
static const unsigned char ceditline_cc_refresh = CC_REFRESH;
static const unsigned char ceditline_cc_redisplay = CC_REDISPLAY;
static const unsigned char ceditline_cc_norm = CC_NORM;
static const unsigned char ceditline_cc_newline = CC_NEWLINE;

#endif
