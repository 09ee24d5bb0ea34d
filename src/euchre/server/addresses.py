"""Who a request comes from, for per-address limits.

The peer address is the socket's, unless the operator lists the proxies in front of the
server (``EUCHRE_TRUSTED_PROXIES``): only then is ``X-Forwarded-For`` read, and only the
part those proxies added (uvicorn's ``ProxyHeadersMiddleware`` picks the nearest address
that is not a trusted proxy). IPv6 addresses are counted per /64, the block one
subscriber usually holds, so stepping through a block's addresses gains nothing.
"""

from __future__ import annotations

import ipaddress

IPV6_PREFIX = 64


def parse_proxies(text: str) -> list[str]:
    """The trusted proxies setting as a list of addresses and networks (``ValueError``
    naming an entry that is neither)."""
    if "*" in text:
        raise ValueError("EUCHRE_TRUSTED_PROXIES: '*' is not allowed; list the proxies")
    entries = [part.strip() for part in text.split(",") if part.strip()]
    for entry in entries:
        try:
            ipaddress.ip_network(entry, strict=False)
        except ValueError:
            raise ValueError(
                f"EUCHRE_TRUSTED_PROXIES: {entry!r} is not an IP address or network "
                "(expected a comma list such as 10.0.0.5,192.168.0.0/16)"
            ) from None
    return entries


def limit_key(host: str) -> str:
    """The key an address is counted under: IPv4 as is, IPv6 by its /64 network."""
    try:
        address = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        mapped = address.ipv4_mapped
        if mapped is not None:
            return str(mapped)
        return str(ipaddress.IPv6Network((address, IPV6_PREFIX), strict=False))
    return str(address)


def is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False
