"""Where the laptop can be reached on the local network (the dialog's address picker)."""

from __future__ import annotations

import socket

LOOPBACK = "127.0.0.1"
# A documentation address (TEST-NET-1, RFC 5737): "connecting" a UDP socket to it sends
# nothing, but makes the system pick the interface it would route through.
_PROBE = ("192.0.2.1", 9)


def primary_address() -> str:
    """The IPv4 address of the interface the laptop's traffic leaves by (its Wi-Fi or
    Ethernet address), or loopback when there is no network."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE)
            address = str(probe.getsockname()[0])
    except OSError:
        return LOOPBACK
    return address if address and address != "0.0.0.0" else LOOPBACK


def lan_addresses() -> list[str]:
    """Addresses the server may listen on, the primary first, loopback last. Never
    0.0.0.0: the phones' server listens on one network the user picked."""
    found = [primary_address()]
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    for info in infos:
        found.append(str(info[4][0]))
    found.append(LOOPBACK)
    return [a for a in dict.fromkeys(found) if a != "0.0.0.0"]
