import { createFederatedConfig } from 'build-tools/webpack';

export default createFederatedConfig({ packageDir: import.meta.dirname, title: 'Istmo Digital' });
