#include "io/StreamDecoder.h"

namespace stagelight {

std::unique_ptr<StreamDecoder> makeZstdDecoder(DecodeListener&);
std::unique_ptr<StreamDecoder> makeLz4BlockDecoder(DecodeListener&);
std::unique_ptr<StreamDecoder> makeSnappyStreamDecoder(DecodeListener&);
std::unique_ptr<StreamDecoder> makeLzfDecoder(DecodeListener&);
std::unique_ptr<StreamDecoder> makeGzipDecoder(DecodeListener&);
std::unique_ptr<StreamDecoder> makePlainDecoder(DecodeListener&);

std::unique_ptr<StreamDecoder> makeStreamDecoder(Codec codec, DecodeListener& listener) {
    switch (codec) {
        case Codec::Zstd:
            return makeZstdDecoder(listener);
        case Codec::Lz4:
            return makeLz4BlockDecoder(listener);
        case Codec::Snappy:
            return makeSnappyStreamDecoder(listener);
        case Codec::Lzf:
            return makeLzfDecoder(listener);
        case Codec::Gzip:
            return makeGzipDecoder(listener);
        case Codec::Zip:
            break;  // archives are opened per entry (makeZipEntryDecoder)
        case Codec::Plain:
            break;
    }
    return makePlainDecoder(listener);
}

}  // namespace stagelight
