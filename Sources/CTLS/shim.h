#ifndef CTLS_SHIM_H
#define CTLS_SHIM_H

// OpenSSL for the HTTPS transport. Functions for the OpenSSL macros Swift cannot call.

#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/x509.h>

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
