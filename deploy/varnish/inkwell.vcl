vcl 4.1;
# Varnish 7 in front of Inkwell, exact by purges (docs/operations.md "A shared cache in front
# (Varnish)"). Debian: apt-get install varnish varnish-modules. Inkwell runs with
# CACHE_PURGE_URLS=varnish://127.0.0.1:6081 (Varnish's -a address).

import cookie;
import xkey;

backend inkwell {
    .host = "127.0.0.1";
    .port = "3500";    # Inkwell's PORT
}

# Who may purge: Inkwell's purger, on this machine.
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (!req.http.xkey) {
            return (synth(400, "PURGE needs an xkey header"));
        }
        set req.http.n-gone = xkey.purge(req.http.xkey);
        return (synth(200, "Invalidated " + req.http.n-gone + " objects"));
    }
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    if (req.url ~ "^/(admin|api|account)(/|\?|$)" || req.http.Authorization) {
        return (pass);
    }
    # Staff, a pending message, a commenter's own waiting comments: never from the cache.
    if (req.http.Cookie ~ "(^|;\s*)(__session|__flash|__comments)=") {
        return (pass);
    }
    if (req.url ~ "^/(assets|uploads)/") {
        unset req.http.Cookie;
        return (hash);
    }
    # A page varies by the theme cookie and, on a post page (/id/category/slug), by the posts
    # this browser liked; every other cookie is dropped before the lookup.
    if (req.http.Cookie) {
        cookie.parse(req.http.Cookie);
        if (req.url ~ "^/[^/?]+/[^/?]+/[^/?]+(\?|$)") {
            cookie.keep("__theme,liked_posts");
        } else {
            cookie.keep("__theme");
        }
        set req.http.Cookie = cookie.get_string();
        if (req.http.Cookie == "") {
            unset req.http.Cookie;
        }
    }
    return (hash);
}

sub vcl_hash {
    hash_data(req.url);
    hash_data(req.http.host);
    if (req.http.Cookie) {
        hash_data(req.http.Cookie);
    }
    return (lookup);
}

sub vcl_hit {
    set req.http.X-Cache = "HIT";
}

sub vcl_miss {
    set req.http.X-Cache = "MISS";
}

sub vcl_pass {
    set req.http.X-Cache = "PASS";
}

sub vcl_backend_response {
    # A page naming its surrogate keys is purged by them after every write that changes it, so
    # it is kept past its s-maxage: a minute, as long as Inkwell keeps it (rankings move with
    # time, not only with writes), then served for up to stale-while-revalidate while fetched
    # again. The cookie is in the hash (vcl_hash) and Varnish does gzip itself: no Vary needed.
    if (beresp.http.xkey && beresp.status == 200 && beresp.ttl > 0s &&
        beresp.http.Cache-Control !~ "(private|no-store)") {
        set beresp.ttl = 60s;
        unset beresp.http.Vary;
    }
}

sub vcl_deliver {
    set resp.http.X-Cache = req.http.X-Cache;
    if (resp.http.xkey) {
        unset resp.http.xkey;
        set resp.http.Vary = "Accept-Encoding, Cookie";
    }
}
