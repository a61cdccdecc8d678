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

#endif
