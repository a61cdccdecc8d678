#ifndef CTLS_SHIM_H
#define CTLS_SHIM_H

// OpenSSL for the HTTPS transport. Functions for the OpenSSL macros Swift cannot call.

#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/x509.h>

// Starts OpenSSL without the exit handler it otherwise registers (OPENSSL_cleanup, run by exit()): requests beside
// the weather may still be on their threads inside OpenSSL when a one-shot run or the prompt exits, and a cleanup
// that frees OpenSSL's global state under them is a use after free (SIGSEGV after the view was written). Nothing
// needs the cleanup: the process is ending, and the kernel takes its memory back. The first start decides, so this
// is called before any other OpenSSL call. 1 when OpenSSL started.
static inline int ctls_start_without_exit_cleanup(void) {
    return OPENSSL_init_ssl(OPENSSL_INIT_NO_ATEXIT | OPENSSL_INIT_LOAD_SSL_STRINGS | OPENSSL_INIT_LOAD_CRYPTO_STRINGS, NULL);
}

// SNI: SSL_set_tlsext_host_name is a macro over SSL_ctrl. 0 when OpenSSL refuses the name (longer than 255 bytes).
static inline int ctls_set_server_name(SSL *ssl, const char *name) {
    return (int)SSL_set_tlsext_host_name(ssl, name);
}

// TLS 1.2 or newer; partial writes, and a retried write may pass a moved buffer (Swift arrays move).
// 1 when the minimum version was set, 0 when OpenSSL refused it.
static inline int ctls_configure_context(SSL_CTX *context) {
    SSL_CTX_set_mode(context, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
    return (int)SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION);
}

// Session resumption on the client: OpenSSL hands every new session (with TLS 1.3, every NewSessionTicket, which
// arrives after the handshake) to the callback and keeps none itself; the caller stores them by host and port.
static inline void ctls_cache_client_sessions(SSL_CTX *context, int (*callback)(SSL *, SSL_SESSION *)) {
    SSL_CTX_set_session_cache_mode(context, SSL_SESS_CACHE_CLIENT | SSL_SESS_CACHE_NO_INTERNAL_STORE);
    SSL_CTX_sess_set_new_cb(context, callback);
}

// The 80 bytes of session ticket keys (name, HMAC and AES keys): a server can share them with another, so that
// either accepts the other's tickets (tests use this to check that a client never offers one across ports).
static inline int ctls_get_ticket_keys(SSL_CTX *context, unsigned char *keys, long length) {
    return (int)SSL_CTX_get_tlsext_ticket_keys(context, keys, length);
}

static inline int ctls_set_ticket_keys(SSL_CTX *context, unsigned char *keys, long length) {
    return (int)SSL_CTX_set_tlsext_ticket_keys(context, keys, length);
}

// The newest TLS version a context speaks (tests use this to make a server speak TLS 1.2 only).
static inline int ctls_set_max_version(SSL_CTX *context, int version) {
    return (int)SSL_CTX_set_max_proto_version(context, version);
}

#endif
