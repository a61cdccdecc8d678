# Thin wrapper: `make install PREFIX=... DESTDIR=...` and `make uninstall` call scripts/install.sh
# (BINARY=PATH installs an already-built binary instead of building one).
PREFIX ?=
DESTDIR ?=
BINARY ?=
where = $(if $(PREFIX),--prefix "$(PREFIX)") $(if $(DESTDIR),--destdir "$(DESTDIR)")

.PHONY: install uninstall
install:
	./scripts/install.sh $(where) $(if $(BINARY),--binary "$(BINARY)")
uninstall:
	./scripts/install.sh --uninstall $(where)
