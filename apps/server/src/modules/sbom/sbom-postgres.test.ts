import { describeSboms } from './sbom-cases';

describeSboms('postgres');
