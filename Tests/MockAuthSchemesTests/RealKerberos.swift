/// Kerberos tokens captured from a real exchange, kept as base64: MIT Kerberos 1.20 (Debian 12's
/// krb5kdc, kdb5_util, kadmin.local) serving the realm MOCKAUTH-0FA1C0DE.TEST on a loopback port,
/// with the principals alice@MOCKAUTH-0FA1C0DE.TEST and HTTP/intranet.test@MOCKAUTH-0FA1C0DE.TEST,
/// the service's key in a keytab; the client side python-gssapi 1.12.0 (MIT's libgssapi_krb5) with
/// `Name("HTTP@intranet.test", hostbased_service)`, and pyspnego 0.12.4 for the SPNEGO wrapping; the
/// AP-REP from python-gssapi's acceptor with that keytab. Captured 2026-11-29; the tickets have long
/// expired, which the parser never looks at (it reads only the clear framing).
enum RealKerberos {
    static let realm = "MOCKAUTH-0FA1C0DE.TEST"
    static let servicePrincipal = "HTTP/intranet.test@MOCKAUTH-0FA1C0DE.TEST"

    /// GSS-API initial context token (krb5 mechanism, token ID 0x0100) with an AP-REQ whose ap-options
    /// set mutual-required (flags: mutual, out-of-sequence).
    static let mutualAPRequest =
        "YIIC7wYJKoZIhvcSAQICAQBuggLeMIIC2qADAgEFoQMCAQ6iBwMFACAAAACjggHnYYIB4zCCAd+gAwIBBaEYGxZNT0NLQVVUSC0wRkEx"
        + "QzBERS5URVNUoiAwHqADAgEDoRcwFRsESFRUUBsNaW50cmFuZXQudGVzdKOCAZowggGWoAMCARKhAwIBAqKCAYgEggGE5LQFpuTJbvkc"
        + "H+updedGxOkg29cgUTFiZUYXf9R7dC0R7hYCPHYEwjc7GPWuN/m/c43lgnxBDa/Bf009oTBZ7/tFH+X+5C+Hs/EQgOTTXSKwr2GcmxFa"
        + "rCSZJNSh7uREfUDwE95RzyuZF92HRLPDciBn0eHG3RxMf8ydRr2drumoHiZjnyed7j/2PfOWsbvJQRPvFgwnqmXSVif9E2BXRVSdbPbi"
        + "wuLl8UaUaQM8GdXE6nmVzDISdp098o11XTs79Sa5w5Xj8Ze9q8ZevApeH4V0XnE8EqiWvraf9b78zE9TFjLCmvdENedeFAcTFrdQpwJE"
        + "YcuP1KUU0fhdkxKvjD1EouvgLIcOhEy+mdG7Eh5Dk4IKCUsiYgFPrAT8XWTduqIqnNJxl05fMMzi5JR2sAdQhhqHZDhcQrw9k8h/oyHH"
        + "iEhRkWbcX9n6dqcL4noq/03N9wBcX0kEBvaBG37UA2VwWN/9IPa5TEqw2y596bilNTCrOu8sq2F3gCI30DzX09JvkaSB2TCB1qADAgES"
        + "ooHOBIHLxiG/bo2rGHbfO4KHHkty9P6khD+NEu/+w7zG7CrbGWqpNL0d/vsNx3YGqApWS94OZOImf1d3obBWBDKXIuQLaKPooCTv57ph"
        + "Tff7ThblrwwNwiiqVnX9TZGzpc0IG70Uy1ftODb5H74epOfcMMCDyj50wk9Yde/qdOERYdIozSFd2jj+N7drHY0axMCUwabVAkhDL22X"
        + "fPVr67aZrLAmP3vMqCoL+orV2yXf5sCGGWXJSXTJMZ/M7XXjvSiN+c+G5V9ddh4w1dKXaG8="

    /// The same without mutual authentication (ap-options all clear).
    static let plainAPRequest =
        "YIIC7wYJKoZIhvcSAQICAQBuggLeMIIC2qADAgEFoQMCAQ6iBwMFAAAAAACjggHnYYIB4zCCAd+gAwIBBaEYGxZNT0NLQVVUSC0wRkEx"
        + "QzBERS5URVNUoiAwHqADAgEDoRcwFRsESFRUUBsNaW50cmFuZXQudGVzdKOCAZowggGWoAMCARKhAwIBAqKCAYgEggGE5LQFpuTJbvkc"
        + "H+updedGxOkg29cgUTFiZUYXf9R7dC0R7hYCPHYEwjc7GPWuN/m/c43lgnxBDa/Bf009oTBZ7/tFH+X+5C+Hs/EQgOTTXSKwr2GcmxFa"
        + "rCSZJNSh7uREfUDwE95RzyuZF92HRLPDciBn0eHG3RxMf8ydRr2drumoHiZjnyed7j/2PfOWsbvJQRPvFgwnqmXSVif9E2BXRVSdbPbi"
        + "wuLl8UaUaQM8GdXE6nmVzDISdp098o11XTs79Sa5w5Xj8Ze9q8ZevApeH4V0XnE8EqiWvraf9b78zE9TFjLCmvdENedeFAcTFrdQpwJE"
        + "YcuP1KUU0fhdkxKvjD1EouvgLIcOhEy+mdG7Eh5Dk4IKCUsiYgFPrAT8XWTduqIqnNJxl05fMMzi5JR2sAdQhhqHZDhcQrw9k8h/oyHH"
        + "iEhRkWbcX9n6dqcL4noq/03N9wBcX0kEBvaBG37UA2VwWN/9IPa5TEqw2y596bilNTCrOu8sq2F3gCI30DzX09JvkaSB2TCB1qADAgES"
        + "ooHOBIHLBcRWni7CitUMGF4+Fi7CN2USPmn1KjwjNaPBDqlfXXzOoRmMoXbLHyPF1yVFcqXRq8fpb0OfjqImJWUIF7sc8wpT7IEnIxF2"
        + "GXiwAubL22/+HhEtQgRxrSE9fvL+IlG6Am2ntJZ+T+ehKDMRwumLz1+e9IQSzp6iED3Nzg03OYwdz6S7lci0hRbIEy+YU+xNcsAKuYgU"
        + "onCDhS5+S+LawgdNFp+zQnK7w5RQULgTeRNQniRU33rQrMHXqf3SXKeJLS/OlLVtnCwrFHc="

    /// With mutual authentication and credential delegation (GSS_C_DELEG_FLAG): the authenticator
    /// carries the forwarded ticket-granting ticket (its checksum's KRB-CRED), larger than the others.
    static let delegatingAPRequest =
        "YIIGMAYJKoZIhvcSAQICAQBuggYfMIIGG6ADAgEFoQMCAQ6iBwMFACAAAACjggHnYYIB4zCCAd+gAwIBBaEYGxZNT0NLQVVUSC0wRkEx"
        + "QzBERS5URVNUoiAwHqADAgEDoRcwFRsESFRUUBsNaW50cmFuZXQudGVzdKOCAZowggGWoAMCARKhAwIBAqKCAYgEggGE5LQFpuTJbvkc"
        + "H+updedGxOkg29cgUTFiZUYXf9R7dC0R7hYCPHYEwjc7GPWuN/m/c43lgnxBDa/Bf009oTBZ7/tFH+X+5C+Hs/EQgOTTXSKwr2GcmxFa"
        + "rCSZJNSh7uREfUDwE95RzyuZF92HRLPDciBn0eHG3RxMf8ydRr2drumoHiZjnyed7j/2PfOWsbvJQRPvFgwnqmXSVif9E2BXRVSdbPbi"
        + "wuLl8UaUaQM8GdXE6nmVzDISdp098o11XTs79Sa5w5Xj8Ze9q8ZevApeH4V0XnE8EqiWvraf9b78zE9TFjLCmvdENedeFAcTFrdQpwJE"
        + "YcuP1KUU0fhdkxKvjD1EouvgLIcOhEy+mdG7Eh5Dk4IKCUsiYgFPrAT8XWTduqIqnNJxl05fMMzi5JR2sAdQhhqHZDhcQrw9k8h/oyHH"
        + "iEhRkWbcX9n6dqcL4noq/03N9wBcX0kEBvaBG37UA2VwWN/9IPa5TEqw2y596bilNTCrOu8sq2F3gCI30DzX09JvkaSCBBkwggQVoAMC"
        + "ARKiggQMBIIECEQbXGVVjceCgeaKUb88/4iui41eWFbVIOY6GJT9eXUtFQVSiVg0flHv1DRW3GC8t4o8aafNiPxDwB9GSsDndJc028nD"
        + "h4eVu4EIkxZ2XiBEgeTTl77CAuIBX1wX/kVhmRHa3yuvUFnWOKiaMcyAYx+72Y33Wy3gqJHSH+HXm+F6XuUSnrSNWbM6wPkGnvinPrIK"
        + "+Otjs0aoNog04NeWojKe7gLnLd9j32PSART+MkZwC0BcNTIZWn0u10jg/IZdXcNXxYSmF4K96bBsRFjI5xmstoW6rAGVYxMRpK72ikIt"
        + "r94rCSWPTvSa+l7fX67yfm3984zB24zDR84wr3O1m8ITY+TV57zqv155MUVNHUtsXBhPo+utGbcH8ckL38o3pjTXYn+rRXG2cuoTIjF2"
        + "E3mSjB6bvaPfA+3jNDe1xJs8jHp1oKBqIV0pZeeGhxCV2BxZCSS9+P4UdXodbSObYHYdtd9Eo4+FyxktKFfBGtrqzJzK/rbzbw/+9Ubl"
        + "N0ke+9A8nbv4guyPLsn1CAxUnkM5KP0G+mkcDFf42O047ylAuVdns3/Cq0jOM4nbPfu3ZnZN+usx9q/rZr4xI5kHH3P2doQdDRM+C55Q"
        + "Duqhh9YTHCH/O6QqIbrcDuknfHsAWLLXlRr3+QfmYNZayuqYavAeFighzmKKcDxXWHTgloURlD/tJNs+loVZCq3cLzxsYcsCco9Mhy3c"
        + "Tys7EO3f9uQmjUVHvCYZFsemYeWdX8ZCh7CuaTR6fm5ng7AHq5jw90kBEp29ANNX5HSFhWAlGIO8GkJfVjJX3MQZiEq9+aub95ienZts"
        + "3KgPhZJXz3OvaHry0hI9far1vHMfDMGxoHKdTuaqsotEHimkPc8EaWrUD5sT7zWjLAulbqeAT/jJ8M9HmyWDIxKpjWc32ZiWjgK9b4Hm"
        + "ppB2zztDpwnBg6nTgyG7u/yn8IJMTe4pokfPY0i2WP5PUFlukbC9rv/aGeBQdIPsMUgqWm5FygGL/t3SdNRdSd6e2eZ37yMeAba6H2/o"
        + "ECP5cShIK2Ndcs/Ocdz17IdTkvGK07HqEbMRCs+54LSDcJtUmd6W/cY0uuQhsWiojhOeVOhMj3lETW4hFvY1884VDtoUUoktwWaGC0gl"
        + "8YA8FVyYT635P2y0WUU4wtOkg6Etb79/7PA5d1ooZCWuWm+URT8fIDrUydWEFOT7Flnn9AunEvm38kuNH1ks/0TqMaZ45Y3+5P5RTGCZ"
        + "rTrcFUdOGUGNDh4RLvqEpc8UpmJ7/4hbIBo9QnCRpbjE2lU5dQDTFQmZH0CgaqhPdeQtRObF7jFjYxqURxa0/V6Heih3do+EpDcq97Cw"
        + "FMJPdiTTs9EAZa/zF+K2u4nnqRq51WLUTLY6uQ=="

    /// pyspnego's `spnego.client(hostname="intranet.test", service="HTTP", protocol="negotiate")`
    /// first token: SPNEGO NegTokenInit offering krb5 (and NTLM) with the AP-REQ as its mechToken.
    static let spnegoInit =
        "YIIDGgYGKwYBBQUCoIIDDjCCAwqgDTALBgkqhkiG9xIBAgKiggL3BIIC82CCAu8GCSqGSIb3EgECAgEAboIC3jCCAtqgAwIBBaEDAgEO"
        + "ogcDBQAgAAAAo4IB52GCAeMwggHfoAMCAQWhGBsWTU9DS0FVVEgtMEZBMUMwREUuVEVTVKIgMB6gAwIBA6EXMBUbBEhUVFAbDWludHJh"
        + "bmV0LnRlc3SjggGaMIIBlqADAgESoQMCAQKiggGIBIIBhOS0BabkyW75HB/rqXXnRsTpINvXIFExYmVGF3/Ue3QtEe4WAjx2BMI3Oxj1"
        + "rjf5v3ON5YJ8QQ2vwX9NPaEwWe/7RR/l/uQvh7PxEIDk010isK9hnJsRWqwkmSTUoe7kRH1A8BPeUc8rmRfdh0Szw3IgZ9Hhxt0cTH/M"
        + "nUa9na7pqB4mY58nne4/9j3zlrG7yUET7xYMJ6pl0lYn/RNgV0VUnWz24sLi5fFGlGkDPBnVxOp5lcwyEnadPfKNdV07O/UmucOV4/GX"
        + "vavGXrwKXh+FdF5xPBKolr62n/W+/MxPUxYywpr3RDXnXhQHExa3UKcCRGHLj9SlFNH4XZMSr4w9RKLr4CyHDoRMvpnRuxIeQ5OCCglL"
        + "ImIBT6wE/F1k3bqiKpzScZdOXzDM4uSUdrAHUIYah2Q4XEK8PZPIf6Mhx4hIUZFm3F/Z+nanC+J6Kv9NzfcAXF9JBAb2gRt+1ANlcFjf"
        + "/SD2uUxKsNsufem4pTUwqzrvLKthd4AiN9A819PSb5GkgdkwgdagAwIBEqKBzgSBy5J1FmFpCCEtyHN1J8Y3oXg4ProdeiVa2CKoQ8Xy"
        + "pmozWa+dafZjxZLLyE2trpN7wm8EMdJqfC+ZXf2Wi75Noe30JtCtl5AKLgKurQDkqu+R5uW1Y9ULU90yDx3bUiK/AkV3CvPS6R17GjWz"
        + "z+9qjQPPuWA1WWSUaXZehFTovq2pTiRqur8gYAfzVg9e5zjCNUZhDrlwJdxUSNSBPtVShhIHA5X+4lMesgV6exnKuC0O0zRCLMKNscka"
        + "fq2SO6dfiSpWMkbQ01GeBFzk"

    /// The acceptor's reply to ``mutualAPRequest``: a GSS-API token (krb5, token ID 0x0200) with the
    /// AP-REP, whose encrypted part ends it.
    static let apReply =
        "YIGZBgkqhkiG9xIBAgICAG+BiTCBhqADAgEFoQMCAQ+iejB4oAMCARKicQRvaB+arEEJLsj+QkjrvRatBuzb7TFNBwqv7TtJPnO/NRLS"
        + "fZ+Q2cz8SoE1hDVlhIOo6gWSmAy3GaBa8ugnrMIZu1wRSwbZgWSBkgN3u1mqY0ntLY/vKBg2j6TtyccKtyxtgHwHWo417oTV+CQXIuCD"

    /// python-gssapi with `Name("HTTP@intranet.test:4431", hostbased_service)`, the mistake of code that
    /// builds the name from the URL's authority: a ticket for HTTP/intranet.test:4431 (the realm had that
    /// principal, as a run's decoys do).
    static let portAPRequest =
        "YIIC9AYJKoZIhvcSAQICAQBuggLjMIIC36ADAgEFoQMCAQ6iBwMFACAAAACjggHsYYIB6DCCAeSgAwIBBaEYGxZNT0NLQVVUSC0wRkEx"
        + "QzBERS5URVNUoiUwI6ADAgEDoRwwGhsESFRUUBsSaW50cmFuZXQudGVzdDo0NDMxo4IBmjCCAZagAwIBEqEDAgEBooIBiASCAYT1VO/K"
        + "/ZYfCsIIM/UmRrF9OWQWpgg+YJqmUXkU3HnArNTb/0qTEAAhr8fTKSMlq+N0BUl1dmJ2vls+WeuhV/Rxpw4aW7F0k2g0dvceRYQmh5iN"
        + "tf/BQSC8nMQ+jmGKkJIi8VVhX5bqhR8oR8F81Ma4fzqXma4m888exbEAxmwMVVcrK1/VDbwp/QwzloM05HlnjGYQuFXWjSGB+ViIHQ5U"
        + "LGdoIciNCwhw2njrCSOrns/mKj1se8Jyb5q7XtEpfBcCIc6/5FsM6oPI0Ev9gn2Ub1iuK9xSndExYj4zJyXYdrTHKnkSjuVLt/XE+h1v"
        + "0okslwWKKz0KwRERqLZCFMd97I9C5yV2MBXiNUDWrQyHUnhEHSTD6yBt0SpnPJcZ0qlxG8saxZOwFek2D8Ce5OhoieecEomwRwk/WtIs"
        + "pyjaimEpKyL2EuQk3kb73s96zZYWNVA8Wtdsd+NgLh2pfVa+w96Y9brDyDtAWTOXGTWRjartar3Z34iD+//oAv6qtXt6ywy8pIHZMIHW"
        + "oAMCARKigc4EgcueJvx1KJddNbvHbTHB3OYWD0ixQ6f1ef3AysWI9kSp+r9MRHqkPGafNVEDF6bXYJ4G4cWtTTVmXm2CCrbzHuf/otcm"
        + "ao0m8Tftm4X1hJg+yJ92Zv3CvNf8WyAAv2E5iUJtYtQbKIm2xkO2R8lvp4LcsVTs/vkEWL+fMQhDiXc8HJW1kkEtDMe0jAZGknuPqYY8"
        + "ec0DNvPvesWdpMSzeMt8sneI3I7kmFV32L07Y8SO7ykXYt4ZyRrPlIIM3IC5TxN8hVAOPFJfPqmVjQ=="
}
