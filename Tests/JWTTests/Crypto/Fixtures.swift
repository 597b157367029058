/// Key material generated with the `openssl` command line for these tests only (never used anywhere else).
enum Fixtures {
    /// `openssl genrsa -traditional 1024`: PKCS#1 RSAPrivateKey.
    static let rsa1024PKCS1 = """
        -----BEGIN RSA PRIVATE KEY-----
        MIICXgIBAAKBgQC2UWq3xTNSdW4k8EQ1c8gRW+gIZz0AKvls3zd+R98MlyahDs3X
        BKDnpdNRwv6PjaHMfCoDgIvvv0JlTV4obSGs8hIjUPa+L1Sxv0N5hhTv1PYB6a9v
        FtGIOstYK/Gj/8Rqd+NX8MWVbqe59w8UJrYEZDWatp8Gzd39BzjuMCxylQIDAQAB
        AoGAJei58uo7KKsoMuAOnrqrYAinL5Af2/gTkvK6/DP/igOn0Zddb5cTyfbuALM1
        8S129ijfJ4lED57KNHwo1ukSNiTcC96HHUWfy5JnjjNVPyamccZWSTj1SQmEEPB/
        8/6RAWk0vJKQGUPHqpL2hjalbz6fmEIhOfas36/Zz6zkToUCQQDgHmgQHibyfa7h
        J3mmbfxZQQEI7Spkvev7tCfqQLP06dOfyf+IHGAKyrXaiYeE1CcuoqaqDwGT3BNZ
        VKdNn+5zAkEA0EDHZa+oyfX3nGSKYvpyYtxHB6UtPu0eECRPwB/hP3SPxstK7vhN
        RQlTfX6Ou7OAcReC3gBN0YWA6eK1LzwQ1wJBANipDHjobUZncjR/8P6PvTCbwuBa
        Rm11nTiLhTrUqiPOGKOUp89xfvdv2DYYVkZ2who3a19jembyjlIBoGtOfTkCQQCD
        4oJkw3oBbOQDBykcxb7rHNVe4hxlXYVMc7KN2aKsrQTgwJ4T+Ov2bJGTSDLcbDFL
        bbhTH54osoORmyFjaIbBAkEAx3NhKeQEOpXpeuoDgrEAJMdrvITAdfZIR84hmN0B
        1h7BI2EL61CBF+biRtg7QLf2AYol3/8K+yy/aEAS9rGfDw==
        -----END RSA PRIVATE KEY-----
        """

    /// The public half of `rsa1024PKCS1` (`openssl rsa -pubout`).
    static let rsa1024PublicSPKI = """
        -----BEGIN PUBLIC KEY-----
        MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC2UWq3xTNSdW4k8EQ1c8gRW+gI
        Zz0AKvls3zd+R98MlyahDs3XBKDnpdNRwv6PjaHMfCoDgIvvv0JlTV4obSGs8hIj
        UPa+L1Sxv0N5hhTv1PYB6a9vFtGIOstYK/Gj/8Rqd+NX8MWVbqe59w8UJrYEZDWa
        tp8Gzd39BzjuMCxylQIDAQAB
        -----END PUBLIC KEY-----
        """

    /// The same public key as PKCS#1 RSAPublicKey (`openssl rsa -RSAPublicKey_out`).
    static let rsa1024PublicPKCS1 = """
        -----BEGIN RSA PUBLIC KEY-----
        MIGJAoGBALZRarfFM1J1biTwRDVzyBFb6AhnPQAq+WzfN35H3wyXJqEOzdcEoOel
        01HC/o+Nocx8KgOAi++/QmVNXihtIazyEiNQ9r4vVLG/Q3mGFO/U9gHpr28W0Yg6
        y1gr8aP/xGp341fwxZVup7n3DxQmtgRkNZq2nwbN3f0HOO4wLHKVAgMBAAE=
        -----END RSA PUBLIC KEY-----
        """

    /// `openssl ecparam -name prime256v1 -genkey`: an EC PARAMETERS block, then a SEC 1 ECPrivateKey.
    static let p256SEC1WithParameters = """
        -----BEGIN EC PARAMETERS-----
        BggqhkjOPQMBBw==
        -----END EC PARAMETERS-----
        -----BEGIN EC PRIVATE KEY-----
        MHcCAQEEIH8l6p+cPkD1fMT6tLA5Q4TjmApHWADxwudalG6ADhZuoAoGCCqGSM49
        AwEHoUQDQgAEzpmM0kI4fKb9TIfSQ0MaNJAY7WsH0jipqL4OTNJiMq9u4Hk+m83R
        ypZctsrMQeY+kWjEeUZz8q5/nVWHcyzZtg==
        -----END EC PRIVATE KEY-----
        """

    /// A secp256k1 SubjectPublicKeyInfo (a curve JOSE's ES* do not use).
    static let secp256k1SPKI = """
        -----BEGIN PUBLIC KEY-----
        MFYwEAYHKoZIzj0CAQYFK4EEAAoDQgAEazgickwt7lr35uHcAJYjTF0nGPGp9fgS
        Ui7CmaWkec+RDe8akKhufn7BnGliVURbzSsQKMxHdAOYlj7l4o8Lug==
        -----END PUBLIC KEY-----
        """

    /// A secp256k1 PKCS#8 private key.
    static let secp256k1PKCS8 = """
        -----BEGIN PRIVATE KEY-----
        MIGEAgEAMBAGByqGSM49AgEGBSuBBAAKBG0wawIBAQQg2asZQQ90XxV25OV/xf5H
        +c3NWu/KbaobqZqcjDwksBuhRANCAAQ1rJ9P/6tfAjhpjoMrUwakd4lrGJa/3osO
        lil7pZhPQ2O2caCQik0Dj55roRPmLd9twD4LHPDByK+EvFoMc+l7
        -----END PRIVATE KEY-----
        """

    /// An X25519 SubjectPublicKeyInfo (a key-agreement key, not a signature key).
    static let x25519SPKI = """
        -----BEGIN PUBLIC KEY-----
        MCowBQYDK2VuAyEA9lbPFA7pkcfZ+Vz/hTDu73a/X2hJ6ZRotnioivAwyy4=
        -----END PUBLIC KEY-----
        """

    /// An Ed448 SubjectPublicKeyInfo (RFC 8037 allows Ed448; this library supports Ed25519 only).
    static let ed448SPKI = """
        -----BEGIN PUBLIC KEY-----
        MEMwBQYDK2VxAzoAIeZXXaVv0Q7swyursdJJG5g0yvli14Y4tCDsVwBNwtAX8drN
        Gt7m6/YcpfKCYwLXu4dVvXBmn+SA
        -----END PUBLIC KEY-----
        """

    /// An Ed448 PKCS#8 private key.
    static let ed448PKCS8 = """
        -----BEGIN PRIVATE KEY-----
        MEcCAQAwBQYDK2VxBDsEOWA61DPnZU1SkcxLJSSRaBqqMYrynVgcsvnOqai4GAOm
        3mfTFewLSDmZ7nIUofER1T0x5mhqraXYvg==
        -----END PRIVATE KEY-----
        """

    /// An RSASSA-PSS-restricted SubjectPublicKeyInfo (OID id-RSASSA-PSS), 1024 bits.
    static let rsaPSSSPKI = """
        -----BEGIN PUBLIC KEY-----
        MIGdMAsGCSqGSIb3DQEBCgOBjQAwgYkCgYEArS578SxJThn91HYAxP5wWLt1CXnE
        Y35jBnMF6O1uP12Kjk/3Tq3vs3JXAUBIJ9HbRDKWpdgKG7Q8B2k/aQ3HgXhUhBi0
        xKHClB1Uf9SlFlAELOt6Q9dsPdMMNhGRbtDPFr9J4HPIlSUKyYYPTuiD39ZiE39L
        bl9pivmvTRmz46kCAwEAAQ==
        -----END PUBLIC KEY-----
        """

    /// `openssl pkcs8 -topk8 -v2 aes-128-cbc`: an encrypted PKCS#8 P-256 key (passphrase "x").
    static let encryptedPKCS8 = """
        -----BEGIN ENCRYPTED PRIVATE KEY-----
        MIHsMFcGCSqGSIb3DQEFDTBKMCkGCSqGSIb3DQEFDDAcBAgexAyHOx1htgICCAAw
        DAYIKoZIhvcNAgkFADAdBglghkgBZQMEAQIEEJMs9HjjM/zZFQKrPY7C/KgEgZDa
        dZS9IWV2qImF6EsEJx01bvXPzCsqtYvfJSGz4fXmhrdJ3vXPQEicvGcqqnC5W1cv
        dhSE0DUlKhqKGSumRQaG2XP92tlWptHQa1ydiwka516f8K30957bf31hDEXMbduN
        Mk5teTi0qXXj8Oiy6OJdmImqKpyyQN2YOD43OmhIV8Bqh7/hIrQi8ohkgoi9yjI=
        -----END ENCRYPTED PRIVATE KEY-----
        """

    /// `openssl ec -aes128`: a legacy encrypted SEC 1 key (passphrase "x").
    static let legacyEncryptedSEC1 = """
        -----BEGIN EC PRIVATE KEY-----
        Proc-Type: 4,ENCRYPTED
        DEK-Info: AES-128-CBC,10F4230497A438643156009797195437

        QFCegnhICVyHu3t4Nw1ec7Ek/J6OJ3WgdIxAg+WLZ9LHGPU4BSlkhSusP7Hiof3p
        QmB+RDUBB9KuC5qX3NycJt0lfByEFKAaBeb8ibLdd67WdCH2nU/4WsYtDqNARIby
        mHUEvP9p5XZSeXv2c5D/2CZi62zlH+lgDgxPHgzdm5k=
        -----END EC PRIVATE KEY-----
        """

    /// Decodes a fixture's single PEM body (test helper, independent of the library's parser).
    static func der(_ pem: String) -> [UInt8] {
        let body = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") && !$0.contains(":") }.joined()
        return Base64URL.decode(
            body.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: ""))
    }
}
