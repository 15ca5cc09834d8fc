import { describe, expect, it } from 'vitest'
import TextePreview from '~/components/texte/TextePreview'
import { insertAt } from '~/components/texte/TexteEditor'
import { matchesFilter } from '~/pages/Texte/BaseTexte'
import { authorName } from '@shared/authors'
import { mountRoot } from './helpers/react_root'

const dom = mountRoot()

const preview = () => dom.container.querySelector('[data-testid="texte-preview"]')!

describe('TextePreview (live preview of a texte modèle)', () => {
  it('fills the placeholders with the sample data and marks them', () => {
    dom.render(<TextePreview contenu={'Bonjour {{client.civilite}} {{client.nom}},\nmerci.'} />)
    expect(preview().textContent).toBe('Bonjour Madame Leclercq,\nmerci.')
    const marks = [...preview().querySelectorAll('mark')].map((m) => m.textContent)
    expect(marks).toEqual(['Madame', 'Leclercq'])
  })

  it('shows markup as text: no element is created from the text', () => {
    const payload = '<img src=x onerror="alert(1)"><script>alert(2)</script>{{societe.nom}}'
    dom.render(<TextePreview contenu={payload} />)
    expect(preview().querySelector('img, script')).toBeNull()
    expect(preview().textContent).toBe(
      '<img src=x onerror="alert(1)"><script>alert(2)</script>Menuiseries Dubois & Fils'
    )
  })

  it('keeps an unknown placeholder as typed and says so', () => {
    dom.render(<TextePreview contenu="Cher {{client.nmo}}" />)
    expect(preview().textContent).toBe('Cher {{client.nmo}}')
    expect(dom.container.textContent).toContain('Champ inconnu, imprimé tel quel : {{client.nmo}}')
  })

  it('says when the text is empty', () => {
    dom.render(<TextePreview contenu="" />)
    expect(preview().textContent).toBe('Le texte est vide.')
  })
})

describe('Texte editors', () => {
  it('inserts a placeholder at the cursor or over the selection', () => {
    expect(insertAt('Bonjour ,', 8, 8, 'client.nom')).toEqual({
      text: 'Bonjour {{client.nom}},',
      cursor: 22,
    })
    expect(insertAt('Bonjour XXX', 8, 11, 'client.nom').text).toBe('Bonjour {{client.nom}}')
  })

  it('filters the list by title, code or content, ignoring accents and case', () => {
    const row = {
      id: 1,
      code: 'email_relance_devis',
      titre: 'Relance d’un devis',
      categorie: 'email_relance',
      contenu: 'Nous revenons vers vous au sujet de la réception',
      version: 1,
      updated_at: null,
      updated_by: null,
      overrides: 0,
    }
    expect(matchesFilter(row, '')).toBe(true)
    expect(matchesFilter(row, 'RELANCE')).toBe(true)
    expect(matchesFilter(row, 'reception')).toBe(true)
    expect(matchesFilter(row, 'facture')).toBe(false)
  })

  it('names a deleted author « Utilisateur supprimé »', () => {
    expect(authorName(null)).toBe('Utilisateur supprimé')
  })
})
