import { describeSboms } from './sbom-cases';

describeSboms('pglite');
